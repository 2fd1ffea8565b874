import { CopyButton } from "./copy-button";

/** A value to copy (a new API key, a signing secret): monospace, selectable, with a copy button. */
export function CopyField({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <div>
      <p id={`${id}-label`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {label}
      </p>
      <div className="mt-1.5 flex items-stretch gap-2">
        <code
          id={id}
          aria-labelledby={`${id}-label`}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-1.5 font-mono text-sm break-all text-slate-900 select-all"
        >
          {value}
        </code>
        <CopyButton value={value} ariaLabel={`Copy ${label}`} className="h-auto" />
      </div>
    </div>
  );
}
