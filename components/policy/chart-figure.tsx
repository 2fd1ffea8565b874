import { cn } from "@/components/ui/cn";
import type { ReactNode } from "react";

export interface ChartFigureProps {
  title: string;
  testId: string;
  width: number;
  height: number;
  /** The SVG's content. */
  drawing: ReactNode;
  /** Days run left to right: on a screen too narrow for them, open on the latest. */
  startAtEnd?: boolean;
  /** What follows the picture: its legend and its table. */
  children?: ReactNode;
}

/**
 * A chart (./verdict-chart.tsx, ./overview-charts.tsx): its caption, then its picture as `<svg role="img">` named by
 * the caption and pointing to the table that follows, in a box that scrolls sideways when the chart is wider than the
 * screen. The box takes focus, so a keyboard can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable), like
 * the tables' box (components/ui/table.tsx).
 */
export function ChartFigure({ title, testId, width, height, drawing, startAtEnd, children }: ChartFigureProps) {
  return (
    <figure className="space-y-2" data-testid={testId}>
      <figcaption className="text-sm font-medium text-slate-800">{title}</figcaption>
      <div
        tabIndex={0}
        className={cn(
          "overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-500",
          // Days run left to right, the latest last: a box too narrow for them opens on the latest. Reversed, the row
          // starts at the right, scrolled to its end; the chart's auto margin keeps one that fits on the left.
          startAtEnd && "flex flex-row-reverse *:mr-auto *:shrink-0",
        )}
      >
        <svg
          role="img"
          aria-label={`${title}: the table below gives the figures`}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block"
        >
          {drawing}
        </svg>
      </div>
      {children}
    </figure>
  );
}
