import { cn } from "@/components/ui/cn";
import type { ReactNode } from "react";

/**
 * A chart's box, scrolling sideways when the chart is wider than the screen. It takes focus, so a keyboard can scroll
 * it too (WCAG 2.1.1; axe's scrollable-region-focusable), like the tables' box (components/ui/table.tsx).
 */
export function ChartScroll({ children, startAtEnd }: { children: ReactNode; startAtEnd?: boolean }) {
  return (
    <div
      tabIndex={0}
      className={cn(
        "overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-500",
        // Days run left to right, the latest last: a box too narrow for them opens on the latest. Reversed, the row
        // starts at the right, scrolled to its end; the chart's auto margin keeps one that fits on the left.
        startAtEnd && "flex flex-row-reverse *:mr-auto *:shrink-0",
      )}
    >
      {children}
    </div>
  );
}
