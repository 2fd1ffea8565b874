import { scaleBand, scaleLinear } from "d3-scale";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { ChartFigure } from "./chart-figure";

// Verdicts as stacked bars per category (a day, a bot): before and after side by side (the dry run), or one bar each
// (the overview), with the same figures as a table beside it for screen readers and for reading exact numbers (docs/decisions/034-policy-rules.md, "Pictures"). d3-scale places
// the bars; React draws the SVG with presentation attributes and Tailwind classes, no style attribute: the page's
// Content-Security-Policy allows styles by nonce only, and there is no script to run for the picture.

export type ChartOutcome = "sent" | "held" | "deferred" | "blocked" | "refused";
export type ChartCounts = Record<ChartOutcome, number>;

export interface ChartRow {
  label: string;
  /** Absent in every row: one bar per category, `after` being the counts. */
  before?: ChartCounts;
  after: ChartCounts;
}

const OUTCOMES: ChartOutcome[] = ["sent", "held", "deferred", "blocked", "refused"];
/** Fills with at least 3:1 contrast against white (WCAG 1.4.11), told apart by the legend and the table too. */
const FILL: Record<ChartOutcome, string> = {
  sent: "fill-emerald-600",
  held: "fill-amber-600",
  deferred: "fill-sky-700",
  blocked: "fill-rose-700",
  refused: "fill-slate-700",
};
const SWATCH: Record<ChartOutcome, string> = {
  sent: "bg-emerald-600",
  held: "bg-amber-600",
  deferred: "bg-sky-700",
  blocked: "bg-rose-700",
  refused: "bg-slate-700",
};

const HEIGHT = 160;
const TOP = 8;
const BOTTOM = 22;

/** A chart of `rows` (at most 31 bars pairs are drawn; the table has them all) and its table. */
export function VerdictChart({
  title,
  rows,
  testId,
  folded,
}: {
  title: string;
  rows: ChartRow[];
  testId: string;
  /** The table behind a "the figures" disclosure, for a page of several charts. */
  folded?: boolean;
}) {
  const shown = rows.slice(-31);
  const paired = rows.some((row) => row.before);
  const width = Math.max(280, shown.length * (paired ? 36 : 30));
  const max = Math.max(1, ...shown.flatMap((row) => [total(row.before), total(row.after)]));
  const x = scaleBand<string>()
    .domain(shown.map((row) => row.label))
    .range([0, width])
    .paddingInner(0.25)
    .paddingOuter(0.1);
  const y = scaleLinear()
    .domain([0, max])
    .range([HEIGHT - BOTTOM, TOP]);
  const table = (
    <Table label={paired ? `${title}, before and after` : title}>
      <thead>
        <tr>
          <Th>{title.split(" per ")[1] ?? "Category"}</Th>
          {OUTCOMES.map((outcome) => (
            <Th key={outcome}>{paired ? `${outcome} before → after` : outcome}</Th>
          ))}
        </tr>
      </thead>
      <Tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <Td className="whitespace-nowrap">{row.label}</Td>
            {OUTCOMES.map((outcome) => (
              <Td key={outcome} className="whitespace-nowrap tabular-nums">
                {paired ? `${row.before?.[outcome] ?? 0} → ${row.after[outcome]}` : row.after[outcome]}
              </Td>
            ))}
          </tr>
        ))}
      </Tbody>
    </Table>
  );
  const half = paired ? x.bandwidth() / 2 : x.bandwidth();

  return (
    <ChartFigure
      title={title}
      testId={testId}
      width={width}
      height={HEIGHT}
      startAtEnd
      drawing={
        <>
          <line x1={0} x2={width} y1={y(0)} y2={y(0)} className="stroke-slate-300" />
          {shown.map((row) => {
            const left = x(row.label) ?? 0;
            return (
              <g key={row.label}>
                {paired && <Stack counts={row.before} x={left} width={half - 1} y={y} faded />}
                <Stack counts={row.after} x={paired ? left + half : left} width={half - 1} y={y} />
                <text
                  x={left + x.bandwidth() / 2}
                  y={HEIGHT - 6}
                  textAnchor="middle"
                  className="fill-slate-600 text-[9px]"
                >
                  {shortLabel(row.label)}
                </text>
              </g>
            );
          })}
        </>
      }
    >
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
        {OUTCOMES.map((outcome) => (
          <li key={outcome} className="flex items-center gap-1.5">
            <span className={`inline-block size-2.5 rounded-sm ${SWATCH[outcome]}`} />
            {outcome}
          </li>
        ))}
        {paired && <li>each pair: before (lighter), after</li>}
      </ul>
      {folded ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-indigo-700">The figures as a table</summary>
          {table}
        </details>
      ) : (
        table
      )}
    </ChartFigure>
  );
}

function Stack({
  counts = ZERO,
  x,
  width,
  y,
  faded,
}: {
  counts?: ChartCounts;
  x: number;
  width: number;
  y: (value: number) => number;
  faded?: boolean;
}) {
  // Each outcome's bar starts where the ones below it end.
  const bars = OUTCOMES.map((outcome, i) => ({
    outcome,
    value: counts[outcome],
    base: OUTCOMES.slice(0, i).reduce((n, below) => n + counts[below], 0),
  })).filter((bar) => bar.value > 0);
  return (
    <g className={faded ? "opacity-45" : undefined}>
      {bars.map(({ outcome, value, base }) => {
        const top = y(base + value);
        return (
          <rect
            key={outcome}
            x={x}
            y={top}
            width={Math.max(1, width)}
            height={y(base) - top}
            className={FILL[outcome]}
          />
        );
      })}
    </g>
  );
}

const ZERO: ChartCounts = { sent: 0, held: 0, deferred: 0, blocked: 0, refused: 0 };
const total = (counts: ChartCounts = ZERO) => OUTCOMES.reduce((n, outcome) => n + counts[outcome], 0);

/** A day `2026-11-03` as `11-03`; anything else cut to 8 characters. */
const shortLabel = (label: string) => (/^\d{4}-\d{2}-\d{2}$/.test(label) ? label.slice(5) : label.slice(0, 8));
