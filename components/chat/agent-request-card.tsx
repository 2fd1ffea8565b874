import type { PendingAgentRequest } from "@/lib/agents/list-pending-agent-requests";
import { reasonText } from "@/lib/chat/reason-text";
import { Badge } from "@/components/ui/badge";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { ActionButton } from "./action-button";
import type { ButtonAction } from "@/lib/forms/form-state";
import { Time } from "./time";

const TYPE_LABEL: Record<string, string> = {
  availability: "Availability",
  document: "Document",
  info: "Information",
  schedule_proposal: "Schedule proposal",
};

/**
 * A bot's question to another bot that waits for a person: approving sends it on; declining ends it (the asking bot
 * sees the status in GET /agent-requests). `approve` and `decline` are the page's server actions, bound to the request.
 */
export function AgentRequestCard({
  request,
  approve,
  decline,
}: {
  request: PendingAgentRequest;
  approve: ButtonAction;
  decline: ButtonAction;
}) {
  return (
    <article
      id={`agent-request-${request.id}`}
      className="min-w-0 scroll-mt-4 rounded-xl border border-sky-300 bg-sky-50/60 p-3 shadow-sm sm:p-4"
      data-testid="agent-request-card"
      data-request-id={request.id}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 text-sm font-semibold text-slate-900">
          <UntrustedText text={request.from.name} />{" "}
          <span className="font-normal text-slate-500">
            @<UntrustedText text={request.from.handle} />
          </span>
          <span className="font-normal text-slate-500"> asks </span>
          <UntrustedText text={request.to.name} />{" "}
          <span className="font-normal text-slate-500">
            @<UntrustedText text={request.to.handle} />
          </span>
        </h3>
        <Badge tone="blue">{TYPE_LABEL[request.type] ?? request.type}</Badge>
        <Time iso={request.created_at} className="text-xs text-slate-500" />
        {request.to.workspace && (
          <span className="ml-auto min-w-0 text-xs text-slate-500">
            in <UntrustedText text={request.to.workspace.name} />
          </span>
        )}
      </header>
      {request.reasons.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-sm text-sky-900">
          {request.reasons.map((reason) => (
            <li key={reason}>{reasonText(reason)}</li>
          ))}
        </ul>
      )}
      <blockquote
        className="mt-3 min-w-0 whitespace-pre-wrap wrap-anywhere rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-900"
        data-testid="agent-request-question"
      >
        <UntrustedText text={request.question} />
      </blockquote>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <ActionButton action={approve} variant="primary">
          Approve and send
        </ActionButton>
        <ActionButton action={decline} variant="danger-ghost">
          Decline
        </ActionButton>
        <span className="ml-auto text-xs text-slate-500">
          Expires <Time iso={request.expires_at} />
        </span>
      </div>
    </article>
  );
}
