import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

const control =
  "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-indigo-500/40 disabled:bg-slate-50";
const controlBorder = (invalid?: boolean) =>
  invalid ? "border-red-400 focus:border-red-500" : "border-slate-300 focus:border-indigo-500";

/** A labelled form control with its hint and its error (linked by aria-describedby). */
export function Field({
  id,
  label,
  hint,
  error,
  optional,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="flex items-baseline gap-2 text-sm font-medium text-slate-800">
        {label}
        {optional && <span className="text-xs font-normal text-slate-500">optional</span>}
      </label>
      <div className="mt-1.5">{children}</div>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export interface DescribedByOptions {
  /** The Field's error, when it shows one. */
  error?: string;
  /** The Field has a hint. */
  hint?: boolean;
}

/** aria attributes that link a control to its Field's hint or error. */
export function describedBy(id: string, { error, hint }: DescribedByOptions = {}) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

export function Input({
  className,
  invalid,
  mono,
  ...props
}: ComponentProps<"input"> & { invalid?: boolean; mono?: boolean }) {
  return <input className={cn(control, controlBorder(invalid), mono && "font-mono", className)} {...props} />;
}

export function Select({ className, invalid, ...props }: ComponentProps<"select"> & { invalid?: boolean }) {
  return <select className={cn(control, controlBorder(invalid), "pr-8", className)} {...props} />;
}
