import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

/**
 * A table that scrolls sideways on narrow screens instead of squeezing its columns. The scrolling box takes focus, so
 * a keyboard can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable); the table inside carries the name.
 * `region`: the box is also a named region (a wide table people are expected to scroll), so a screen reader says
 * what the focus landed on.
 */
export function Table({
  label,
  children,
  className,
  region,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  region?: string;
}) {
  return (
    <div
      tabIndex={0}
      role={region ? "region" : undefined}
      aria-label={region}
      className={cn(
        "relative overflow-x-auto last:rounded-b-xl focus-visible:outline-2 focus-visible:outline-indigo-500",
        className,
      )}
    >
      <table aria-label={label} className="min-w-full divide-y divide-slate-200 text-sm">
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn(
        "bg-slate-50 px-4 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase first:pl-5 last:pr-5",
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-4 py-3 align-middle text-slate-700 first:pl-5 last:pr-5", className)} {...props} />;
}

export function Tbody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>;
}

/** The header row of a compact reference table (API reference, docs): one label per column. */
export function CompactHead({ columns }: { columns: string[] }) {
  return (
    <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className="px-3 py-2">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
