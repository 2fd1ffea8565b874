"use client";

import Link from "next/link";
import { useActionState, useId, useState } from "react";
import type { PendingDraft } from "@/lib/chat/get-thread";
import { reasonText } from "@/lib/chat/reason-text";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { hasHiddenCharacters, hiddenCharacterNames } from "@/lib/text/hidden-characters";
import { initialActionState, type ActionState, type FormState } from "@/lib/forms/form-state";
import { BlocksPreview } from "./blocks-preview";
import { StepUpFields, type StepUpOptionsAction } from "./step-up-fields";
import { Time } from "./time";
import { MESSAGE_BODY_MAX } from "@/lib/limits";
import { announce } from "@/components/ui/announcer";

type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;
/** The approve form's state: a step-up check's refusal comes beside its code field. */
type ApproveState = FormState<{ stepUpCode: string }>;
type ApproveAction = (state: ApproveState, formData: FormData) => Promise<ApproveState>;

/** An approver group in words: the workspace's roles, or a named group's slug. */
const groupText = (group: string) =>
  group === "role:admin" ? "the admins" : group === "role:member" ? "anyone in the workspace" : `the group “${group}”`;

/**
 * A bot's draft or held message, waiting for a person: what it would say (editable), why it waits, the bot's
 * rationale and its follow-up. Approving sends it once under the bot's label; the buttons are disabled while a
 * decision is under way, and a decision someone else made first comes back as a refusal in words. The bot's text is
 * shown as UntrustedText; what is approved is exactly the stored text (or the person's edit).
 */
export function DraftCard({
  draft,
  approve,
  reject,
  passkeyOptions,
  conversation,
}: {
  draft: PendingDraft;
  approve: ApproveAction;
  reject: Action;
  /**
   * A passkey ceremony's options for approving this item (one that needs step-up) as seen, with the text about to be
   * sent: the person's edit, or null.
   */
  passkeyOptions: (draftId: string, seen: string, body: string | null) => ReturnType<StepUpOptionsAction>;
  /** In the approvals inbox: the conversation it belongs to. */
  conversation?: { title: string; href: string };
}) {
  // The card leaves the page once decided: what happened is said through the page's live region (components/ui/
  // announcer.tsx), which outlives it.
  const [approved, approveAction, approving] = useActionState(
    async (state: ApproveState, form: FormData) => told(await approve(state, form)),
    initialActionState as ApproveState,
  );
  const [rejected, rejectAction, rejecting] = useActionState(
    async (state: ActionState, form: FormData) => told(await reject(state, form)),
    initialActionState,
  );
  const [editing, setEditing] = useState(false);
  const [body, setBody] = useState(draft.body);
  const id = useId();
  const busy = approving || rejecting;
  const edited = body.trim() !== draft.body.trim();
  const error = [approved, rejected].sort((a, b) => b.n - a.n).find((s) => s.error)?.error;
  const held = draft.origin === "held_message";
  // A rule routed it to a group this person is not in: shown, saying who decides, but not offered to them.
  const decidable = draft.decidable !== false;

  return (
    <article
      id={`draft-${draft.id}`}
      aria-labelledby={`${id}-title`}
      className="min-w-0 scroll-mt-4 rounded-xl border border-amber-300 bg-amber-50/60 p-3 shadow-sm sm:p-4"
      data-testid="draft-card"
      data-draft-id={draft.id}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={`${id}-title`} className="min-w-0 text-sm font-semibold text-slate-900">
          <UntrustedText text={draft.bot.name} />{" "}
          <span className="font-normal text-slate-500">
            @<UntrustedText text={draft.bot.handle} />
          </span>
        </h3>
        <Badge tone={held ? "yellow" : "indigo"}>{held ? "Held for approval" : "Draft"}</Badge>
        <Time iso={draft.created_at} className="text-xs text-slate-500" />
        {conversation && (
          <Link
            href={conversation.href}
            className="ml-auto min-w-0 text-xs font-medium text-indigo-700 hover:underline"
          >
            in <UntrustedText text={conversation.title} />
          </Link>
        )}
      </header>

      {draft.reasons.length > 0 && (
        <div className="mt-2 text-sm text-amber-900">
          <p className="font-medium">Why it waits</p>
          <ul className="mt-0.5 list-disc pl-5" data-testid="draft-reasons">
            {draft.reasons.map((reason) => (
              <li key={reason}>{reasonText(reason)}</li>
            ))}
          </ul>
        </div>
      )}
      {draft.approvals && draft.approvals.required > 1 && (
        <p className="mt-2 text-sm text-amber-900" data-testid="draft-approvals">
          <span className="font-medium">
            {draft.approvals.by.length} of {draft.approvals.required} approvals
          </span>
          {draft.approvals.group && <> from {groupText(draft.approvals.group)}</>}
          {draft.approvals.by.length > 0 && (
            <>
              {" "}
              · approved by{" "}
              {draft.approvals.by.map((p, i) => (
                <span key={`${p.handle}-${i}`}>
                  {i > 0 && ", "}
                  <UntrustedText text={p.name ?? "a former member"} />
                </span>
              ))}
            </>
          )}
          {draft.approvals.mine && <> · you approved; it waits for someone else</>}
        </p>
      )}
      {draft.rationale && (
        <p className="mt-2 whitespace-pre-wrap text-sm text-slate-700" data-testid="draft-rationale">
          <span className="font-medium">The bot says why: </span>
          <UntrustedText text={draft.rationale} />
        </p>
      )}

      <form action={approveAction} className="mt-3">
        <input type="hidden" name="original" value={draft.body} />
        <input type="hidden" name="seen" value={draft.content_digest} />
        {editing ? (
          <div>
            <label htmlFor={`${id}-body`} className="text-sm font-medium text-slate-800">
              Edit before sending
            </label>
            <textarea
              id={`${id}-body`}
              name="body"
              value={body}
              onChange={(event) => setBody(event.target.value)}
              rows={Math.min(10, Math.max(3, body.split("\n").length + 1))}
              maxLength={MESSAGE_BODY_MAX}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/40"
              autoFocus
            />
            {hasHiddenCharacters(body) && (
              <p className="mt-1 text-xs text-amber-900" data-testid="draft-controls-warning">
                This text holds hidden characters (shown as tokens here): {hiddenCharacterNames(body).join(", ")}. They
                are sent as they are unless you delete them.
              </p>
            )}
          </div>
        ) : (
          <blockquote
            className="min-w-0 whitespace-pre-wrap wrap-anywhere rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-900"
            data-testid="draft-body"
          >
            <UntrustedText text={draft.body} />
          </blockquote>
        )}
        {draft.blocks && <BlocksPreview blocks={draft.blocks} />}
        {draft.follow_up && (
          <p className="mt-2 whitespace-pre-wrap text-xs text-slate-600" data-testid="draft-follow-up">
            <span className="font-medium">Follow-up</span> {followUpDelay(draft.follow_up.delay_minutes)} if nobody
            replies: “<UntrustedText text={draft.follow_up.body} />”
          </p>
        )}
        {!decidable && (
          <p className="mt-3 text-sm text-slate-700" data-testid="draft-not-decidable">
            {`A workspace rule asks ${draft.approvals?.group ? groupText(draft.approvals.group) : "other people"} to decide this; it is not offered to you.`}
            <span className="ml-1 text-xs text-slate-500">
              Expires <Time iso={draft.expires_at} />
            </span>
          </p>
        )}
        {decidable && draft.step_up && (
          <StepUpFields
            options={() => passkeyOptions(draft.id, draft.content_digest, editing && edited ? body : null)}
            error={approved.fieldErrors?.stepUpCode}
            disabled={busy}
          />
        )}
        {decidable && (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Button type="submit" size="sm" disabled={busy || (editing && !body.trim())} aria-busy={approving}>
              {editing && edited ? "Approve edited" : "Approve"}
            </Button>
            {!editing ? (
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)} disabled={busy}>
                Edit
              </Button>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setEditing(false);
                  setBody(draft.body);
                }}
                disabled={busy}
              >
                Cancel edit
              </Button>
            )}
            <Button
              size="sm"
              variant="danger-ghost"
              formAction={rejectAction}
              formNoValidate
              disabled={busy}
              aria-busy={rejecting}
            >
              Reject
            </Button>
            <span className="ml-auto text-xs text-slate-500">
              Expires <Time iso={draft.expires_at} />
            </span>
          </div>
        )}
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </article>
  );
}

function followUpDelay(minutes: number) {
  if (minutes < 60) return `in ${minutes} min`;
  if (minutes % 1440 === 0) return `in ${minutes / 1440} day${minutes === 1440 ? "" : "s"}`;
  if (minutes % 60 === 0) return `in ${minutes / 60} h`;
  return `in ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** A decision's answer, its confirmation said aloud ("Approved and sent", "Rejected"); refusals show on the card. */
function told<T extends { done?: string }>(answer: T): T {
  if (answer.done) announce(answer.done);
  return answer;
}
