import type { ThreadFollowUp } from "@/lib/chat/get-thread";
import { reasonText } from "@/lib/chat/reason-text";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { Time } from "./time";

const CANCELLED: Record<string, string> = {
  reply: "someone replied",
  stop: "someone sent STOP",
  conversation_taken_over: "a person took over",
  draft_rejected: "the draft was rejected",
};

/** An approved draft's follow-up: when it goes out (unless someone replies or sends STOP first), or why it won't. */
export function FollowUpNote({ followUp }: { followUp: ThreadFollowUp }) {
  const scheduled = followUp.status === "scheduled";
  return (
    <li
      className="mx-auto flex min-w-0 max-w-lg flex-wrap items-baseline justify-center gap-x-1.5 rounded-lg border border-dashed border-slate-300 px-3 py-2 text-center text-xs text-slate-600"
      data-testid="follow-up"
      data-status={followUp.status}
    >
      <span className="min-w-0 font-medium text-slate-800">
        Follow-up from @<UntrustedText text={followUp.bot.handle} />
      </span>
      {scheduled ? (
        <span>
          due {followUp.due_at ? <Time iso={followUp.due_at} /> : "soon"}, unless someone replies or sends STOP:
        </span>
      ) : (
        <span>
          cancelled: {CANCELLED[followUp.cancel_reason ?? ""] ?? reasonText(followUp.cancel_reason ?? "cancelled")}.
        </span>
      )}
      <span className="min-w-0 whitespace-pre-wrap italic">
        “<UntrustedText text={followUp.body} />”
      </span>
    </li>
  );
}
