import type { ReactNode } from "react";
import { CopyButton } from "./copy-button";
import { cn } from "./cn";
import { ShownCharacters } from "./untrusted-text";

/**
 * Preformatted code or data with an optional title bar and copy button. Directional controls (a bot's U+202E in a
 * payload) show as visible tokens, so code reads in the order it is stored; the copy button copies it exactly.
 */
export function CodeBlock({
  code,
  title,
  copy = false,
  maxHeight,
  className,
  label,
}: {
  code: string;
  title?: ReactNode;
  copy?: boolean;
  maxHeight?: "sm" | "md" | "lg";
  className?: string;
  label?: string;
}) {
  const heights = { sm: "max-h-48", md: "max-h-80", lg: "max-h-[32rem]" };
  return (
    <div className={cn("overflow-hidden rounded-lg border border-slate-800 bg-slate-900", className)}>
      {(title || copy) && (
        <div className="flex items-center justify-between gap-3 border-b border-slate-700/70 bg-slate-800/60 px-3 py-1.5">
          <span className="truncate font-mono text-xs text-slate-300">{title}</span>
          {copy && <CopyButton value={code} tone="dark" ariaLabel={label ? `Copy ${label}` : "Copy"} className="h-7" />}
        </div>
      )}
      <pre
        aria-label={label}
        tabIndex={0}
        className={cn(
          "overflow-auto p-4 font-mono text-[13px] leading-relaxed text-slate-100",
          maxHeight && heights[maxHeight],
        )}
      >
        <code>
          <ShownCharacters text={code} />
        </code>
      </pre>
    </div>
  );
}

export function InlineCode({ children }: { children: ReactNode }) {
  return <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.85em] text-slate-800">{children}</code>;
}
