import type { ReactNode } from "react";
import { cn } from "./cn";

/** Label/value pairs in a responsive grid. */
export function DescriptionList({
  items,
  className,
}: {
  items: { label: string; value: ReactNode; wide?: boolean }[];
  className?: string;
}) {
  return (
    <dl className={cn("grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3", className)}>
      {items.map((item) => (
        <div key={item.label} className={cn("min-w-0", item.wide && "sm:col-span-2 lg:col-span-3")}>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{item.label}</dt>
          <dd className="mt-1 text-sm break-words text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
