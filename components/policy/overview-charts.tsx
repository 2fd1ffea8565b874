import { scaleBand, scaleLinear } from "d3-scale";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { ChartFigure } from "./chart-figure";
import { formatWait } from "@/components/ui/format";

// The admin overview's two other pictures (issue 33 item 8), drawn like the verdict chart (./verdict-chart.tsx):
// d3-scale places the bars, React draws the SVG with classes only (the CSP allows no style attribute), and a table
// carries the same figures for screen readers and exact reading.

const HEIGHT = 140;
const TOP = 8;
const BOTTOM = 22;

/** One bar per row (how many items waited how long), and its table. */
export function CountBars({
  title,
  rows,
  testId,
  what,
}: {
  title: string;
  rows: { label: string; count: number }[];
  testId: string;
  /** The first column's heading. */
  what: string;
}) {
  const width = Math.max(280, rows.length * 72);
  const x = scaleBand<string>()
    .domain(rows.map((row) => row.label))
    .range([0, width])
    .paddingInner(0.3)
    .paddingOuter(0.15);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...rows.map((row) => row.count))])
    .range([HEIGHT - BOTTOM, TOP]);
  return (
    <ChartFigure
      title={title}
      testId={testId}
      width={width}
      height={HEIGHT}
      drawing={
        <>
          <line x1={0} x2={width} y1={y(0)} y2={y(0)} className="stroke-slate-300" />
          {rows.map((row) => {
            const left = x(row.label) ?? 0;
            return (
              <g key={row.label}>
                {row.count > 0 && (
                  <rect
                    x={left}
                    y={y(row.count)}
                    width={x.bandwidth()}
                    height={y(0) - y(row.count)}
                    className="fill-amber-600"
                  />
                )}
                <text
                  x={left + x.bandwidth() / 2}
                  y={HEIGHT - 6}
                  textAnchor="middle"
                  className="fill-slate-600 text-[9px]"
                >
                  {row.label}
                </text>
              </g>
            );
          })}
        </>
      }
    >
      <Table label={title}>
        <thead>
          <tr>
            <Th>{what}</Th>
            <Th>Items</Th>
          </tr>
        </thead>
        <Tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <Td className="whitespace-nowrap">{row.label}</Td>
              <Td className="tabular-nums">{row.count}</Td>
            </tr>
          ))}
        </Tbody>
      </Table>
    </ChartFigure>
  );
}

export interface TimeRow {
  label: string;
  decided: number;
  p50Seconds: number;
  p90Seconds: number;
}

const ROW = 26;
const NAME_WIDTH = 150;

/** Time to decision per group or rule: for each, a bar to its p90 with its p50 marked darker, and the table. */
export function DecisionTimeBars({
  title,
  rows,
  testId,
  what,
}: {
  title: string;
  rows: TimeRow[];
  testId: string;
  what: string;
}) {
  if (rows.length === 0)
    return (
      <figure className="space-y-1" data-testid={testId}>
        <figcaption className="text-sm font-medium text-slate-800">{title}</figcaption>
        <p className="text-sm text-slate-600">Nothing was decided in this period.</p>
      </figure>
    );
  const width = 560;
  const height = rows.length * ROW + 8;
  const x = scaleLinear()
    .domain([0, Math.max(60, ...rows.map((row) => row.p90Seconds))])
    .range([0, width - NAME_WIDTH - 70]);
  return (
    <ChartFigure
      title={title}
      testId={testId}
      width={width}
      height={height}
      drawing={
        <>
          {rows.map((row, i) => {
            const top = 4 + i * ROW;
            return (
              <g key={row.label}>
                <text x={NAME_WIDTH - 8} y={top + 14} textAnchor="end" className="fill-slate-700 text-[11px]">
                  {row.label.length > 22 ? `${row.label.slice(0, 21)}…` : row.label}
                </text>
                <rect
                  x={NAME_WIDTH}
                  y={top + 3}
                  width={Math.max(1, x(row.p90Seconds))}
                  height={ROW - 8}
                  className="fill-sky-600"
                />
                <rect
                  x={NAME_WIDTH}
                  y={top + 3}
                  width={Math.max(1, x(row.p50Seconds))}
                  height={ROW - 8}
                  className="fill-sky-900"
                />
                <text x={NAME_WIDTH + x(row.p90Seconds) + 6} y={top + 14} className="fill-slate-700 text-[10px]">
                  {formatWait(row.p90Seconds)}
                </text>
              </g>
            );
          })}
        </>
      }
    >
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm bg-sky-900" />
          half decided within (p50)
        </li>
        <li className="flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm bg-sky-600" />
          nine in ten within (p90)
        </li>
      </ul>
      <Table label={title}>
        <thead>
          <tr>
            <Th>{what}</Th>
            <Th>Decided</Th>
            <Th>p50</Th>
            <Th>p90</Th>
          </tr>
        </thead>
        <Tbody>
          {rows.map((row) => (
            <tr key={row.label} data-testid={`${testId}-row`}>
              <Td className="whitespace-nowrap">{row.label}</Td>
              <Td className="tabular-nums">{row.decided}</Td>
              <Td className="tabular-nums">{formatWait(row.p50Seconds)}</Td>
              <Td className="tabular-nums">{formatWait(row.p90Seconds)}</Td>
            </tr>
          ))}
        </Tbody>
      </Table>
    </ChartFigure>
  );
}
