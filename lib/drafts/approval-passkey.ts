import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { query, sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { stepUpPasskeyOptions } from "@/lib/factors/step-up-gate";
import type { PersonActor } from "@/lib/people/actor";
import { checkedEdit, contentChanged } from "./approve-draft";
import { approvalContentDigest, sentDigest } from "./content-digest";
import { requireDraftDecider } from "./deciders";

// "Approve with passkey" on an item that needs step-up (issue 34; docs/decisions/037): the card asks for a passkey
// ceremony's options for this item, as the person sees it (`seen`, its content digest) and with the text they are
// about to send (their edit, or the item's). The challenge is derived from both digests and a nonce
// (lib/factors/webauthn.ts, approvalChallengeBytes), so the assertion proves exactly what was approved; approveDraft
// checks it against the item under its lock, and keeps it with the approval.

const ITEM = query("drafts.forApprovalPasskey", {
  text: `SELECT id, conversation_id, origin, status, body, blocks, rule_set_version FROM drafts WHERE id = $1`,
});

export interface ApprovalPasskeyOptions {
  draftId: string;
  /** The item's content digest as the card shows it. */
  seen: string;
  /** The person's edit of the text, when they edited it. */
  body?: string | null;
}

/** Options for a passkey approval of this item and text: 404/403 as deciding it, 409 when it changed since seen. */
export async function approvalPasskeyOptions(
  actor: PersonActor,
  { draftId, seen, body }: ApprovalPasskeyOptions,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  if (typeof seen !== "string" || (body != null && typeof body !== "string"))
    throw new ApiError("invalid_body", "The item's digest and the edited text must be text");
  const { draftId: id } = await requireDraftDecider(actor, { sql: sql(), draftId });
  const [item] = await sql().query(ITEM, [id]);
  if (!item) throw new ApiError("not_found", "Draft not found");
  if (item.status !== "pending") throw new ApiError("conflict", `This item was already ${item.status}`);
  const digest = approvalContentDigest({
    id: item.id,
    conversationId: item.conversation_id,
    body: item.body,
    blocks: item.blocks,
    ruleSetVersion: item.rule_set_version,
  });
  if (seen !== digest) throw contentChanged(item.origin);
  const sent = sentDigest(checkedEdit(body) ?? item.body, item.blocks);
  return stepUpPasskeyOptions(actor, { draftId: id, seenDigest: digest, sentDigest: sent });
}
