import type { StatusBlock } from "@/lib/schemas/blocks";
import { cn } from "@/components/ui/cn";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { visibleText } from "@/lib/text/hidden-characters";

const STATES: Record<StatusBlock["state"], { label: string; dot: string; text: string }> = {
  queued: { label: "Queued", dot: "bg-slate-400", text: "text-slate-600" },
  working: { label: "Working", dot: "bg-sky-500 animate-pulse", text: "text-sky-700" },
  done: { label: "Done", dot: "bg-emerald-500", text: "text-emerald-700" },
  failed: { label: "Failed", dot: "bg-red-500", text: "text-red-700" },
};

/** A bot's live status line; the bot PATCHes it and every open page re-renders it. */
export function StatusBlockView({ block }: { block: StatusBlock }) {
  const state = STATES[block.state];
  return (
    <div
      className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2"
      data-testid="status-block"
    >
      <p className="min-w-0 truncate text-sm font-medium text-slate-800" title={visibleText(block.title)}>
        <UntrustedText text={block.title} />
      </p>
      <p className={cn("flex shrink-0 items-center gap-1.5 text-xs font-semibold", state.text)} aria-live="polite">
        <span aria-hidden className={cn("size-2 rounded-full", state.dot)} />
        <span data-testid="status-state">{state.label}</span>
      </p>
    </div>
  );
}
