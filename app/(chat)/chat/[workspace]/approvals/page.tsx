import type { Metadata } from "next";
import { currentActor } from "@/lib/auth/current-actor";
import { openWorkspace } from "@/lib/chat/open-workspace";
import { APPROVALS_LIMIT, listPendingApprovals } from "@/lib/drafts/list-pending-approvals";
import { listPendingAgentRequests } from "@/lib/agents/list-pending-agent-requests";
import { listNotifications } from "@/lib/notifications/list-notifications";
import type { PendingDraft } from "@/lib/chat/get-thread";
import type { Block } from "@/lib/schemas/blocks";
import { guard } from "@/app/_lib/guard";
import { decideAgentRequest } from "@/app/(chat)/chat/_actions/agent-requests";
import { approve, reject, approvalPasskey } from "@/app/(chat)/chat/_actions/messages";
import { AgentRequestCard } from "@/components/chat/agent-request-card";
import { DraftCard } from "@/components/chat/draft-card";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { plural } from "@/components/ui/format";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { Time } from "@/components/chat/time";
import Link from "next/link";

export const metadata: Metadata = { title: "Approvals" };

// Everything that waits for a person in the workspace, oldest first: drafts and held messages of every
// conversation the person can act in. Approving or rejecting here is the same as in the conversation.
export default async function ApprovalsPage({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  const path = `/chat/${slug}/approvals`;
  const actor = await currentActor(path);
  const opened = await guard(openWorkspace(actor, slug));
  if (!opened.ok) return <Alert tone="danger">{opened.error.message}</Alert>;
  const [pending, requests, told] = await Promise.all([
    listPendingApprovals(actor, { workspaceId: opened.value.id }),
    listPendingAgentRequests(actor, { workspaceId: opened.value.id }),
    listNotifications(actor, opened.value.id),
  ]);
  const total = pending.length + requests.length;

  return (
    <main id="main" className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-5 sm:px-6">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-lg font-semibold text-slate-900">Approvals</h1>
        <p className="mt-1 text-sm text-slate-500">
          {total === 0
            ? "Nothing waits for a person."
            : `${plural(total, { one: "item" })} from bots ${total === 1 ? "waits" : "wait"} for a person: approve, edit or reject ${total === 1 ? "it" : "each"}.`}
        </p>
        {pending.length >= APPROVALS_LIMIT && (
          <p className="mt-1 text-sm text-slate-500" data-testid="approvals-limit">
            {`The oldest ${APPROVALS_LIMIT} drafts and held messages are shown; decide them to see the next.`}
          </p>
        )}
        {requests.length > 0 && (
          <section aria-labelledby="agent-requests" className="mt-5 space-y-3" data-testid="agent-requests">
            <h2 id="agent-requests" className="text-xs font-semibold uppercase tracking-wide text-sky-800">
              Bot-to-bot requests
            </h2>
            {requests.map((request) => (
              <AgentRequestCard
                key={request.id}
                request={request}
                approve={decideAgentRequest.bind(null, request.id, true, path)}
                decline={decideAgentRequest.bind(null, request.id, false, path)}
              />
            ))}
          </section>
        )}
        {total === 0 ? (
          <EmptyState title="All caught up">
            When a bot proposes a draft, or a message of a bot is held by the policy, it shows here.
          </EmptyState>
        ) : pending.length === 0 ? null : (
          <div className="mt-5 space-y-4" data-testid="approvals">
            {pending.map((d) => {
              const draft: PendingDraft = {
                id: d.id,
                origin: d.origin,
                bot: d.bot ?? { id: "", handle: "unknown", name: "Unknown bot" },
                body: d.body,
                blocks: (d.blocks as Block[] | null) ?? null,
                rationale: d.rationale,
                reasons: d.reasons,
                follow_up: d.follow_up ? { body: d.follow_up.body, delay_minutes: d.follow_up.delay_minutes } : null,
                created_at: d.created_at,
                expires_at: d.expires_at,
                approvals: d.approvals,
                content_digest: d.content_digest,
                step_up: d.step_up,
              };
              return (
                <DraftCard
                  key={d.id}
                  draft={draft}
                  approve={approve.bind(null, d.id, path)}
                  reject={reject.bind(null, d.id, path)}
                  passkeyOptions={approvalPasskey}
                  conversation={{
                    title: d.conversation_title ?? "Untitled conversation",
                    href: `/chat/${slug}/c/${d.conversation_id}`,
                  }}
                />
              );
            })}
          </div>
        )}
        {told.length > 0 && (
          <section aria-labelledby="notifications" className="mt-8" data-testid="notifications">
            <h2 id="notifications" className="text-xs font-semibold uppercase tracking-wide text-slate-500">
              What you were told lately
            </h2>
            <p className="mt-1 text-xs text-slate-500">
              By email and browser notification, as your{" "}
              <Link href="/settings/notifications" className="underline">
                notification settings
              </Link>{" "}
              say.
            </p>
            <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {told.map((n) => (
                <li key={n.id} className="px-3 py-2 text-sm">
                  <Link href={n.path} className="font-medium text-slate-900 hover:underline">
                    <UntrustedText text={n.title} />
                  </Link>
                  <p className="text-xs text-slate-500">
                    <Time iso={n.created_at} /> · <UntrustedText text={n.body} />
                  </p>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </main>
  );
}
