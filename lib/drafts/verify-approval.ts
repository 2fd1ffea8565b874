import type { KeyObject } from "node:crypto";
import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { query, sql as poolSql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { verifyChain } from "@/lib/audit/checkpoint";
import { listCheckpoints } from "@/lib/audit/checkpoints";
import { readChain } from "@/lib/audit/read-chain";
import { auditSigningKey } from "@/lib/audit/signing-key";
import { digestOf } from "@/lib/audit/audit-log";
import { approvalChallengeBytes, relyingParty } from "@/lib/factors/webauthn";
import { sentDigest } from "./content-digest";

// `cli audit verify-approval <id>` (issue 34): checks one approval offline, from what is stored, without trusting
// the rows that describe it:
// - the message actually sent has the content digest the approval's chain entry names (`sent_digest`);
// - the entry was made by the person the draft and the message name as approver, for that message;
// - the entry is in the chain: its hash and every hash after it check out up to a checkpoint signed by a trusted key.
// - a passkey approval's assertion (kept in `approval_assertions`): the chain names its SHA-256; its challenge is
//   recomputed from the digest the chain says was seen, the digest of the message actually sent and the stored nonce
//   (lib/factors/webauthn.ts, approvalChallengeBytes); and its signature is verified against the approver's registered
//   public key, with counter 0 (a later use of the passkey does not make an old approval fail).

const APPROVAL = query("auditLog.approvalOf", {
  text: `SELECT d.id, d.status, d.origin, d.decided_by_user_id, d.message_id,
       m.body AS message_body, m.blocks AS message_blocks, m.approved_by_user_id
  FROM drafts d LEFT JOIN messages m ON m.id = d.message_id
 WHERE d.id = $1`,
});
const ENTRY = query("auditLog.approvalEntry", {
  text: `SELECT seq, prev_hash, actor_id, facts FROM audit_log
  WHERE subject_type = 'draft' AND subject_id = $1 AND kind IN ('draft.approved', 'held_message.approved')
  ORDER BY id LIMIT 1`,
});

export interface ApprovalVerdict {
  ok: boolean;
  draftId: string;
  messageId: string | null;
  approverId: string | null;
  entrySeq: number | null;
  /** The checkpoint that vouches for the entry (the first at or after it). */
  checkpointSeq: number | null;
  /** `verified`: approved with a passkey whose assertion checks out; `none`: approved without one. */
  passkey: "verified" | "none" | "failed";
  /** What failed, in order; empty when ok. */
  problems: string[];
}

export async function verifyApproval(
  id: string,
  { publicKeys }: { publicKeys?: KeyObject[] } = {},
): Promise<ApprovalVerdict> {
  const draftId = requireUuid(id, "Approval");
  const [draft] = await poolSql().query(APPROVAL, [draftId]);
  if (!draft) throw new ApiError("not_found", "Approval not found");
  const verdict: ApprovalVerdict = {
    ok: false,
    draftId,
    messageId: draft.message_id,
    approverId: draft.decided_by_user_id,
    entrySeq: null,
    checkpointSeq: null,
    passkey: "none",
    problems: [],
  };
  const problem = (text: string) => verdict.problems.push(text);
  if (draft.status !== "approved" || !draft.message_id) {
    problem(`the ${draft.origin === "held_message" ? "held message" : "draft"} is ${draft.status}, not approved`);
    return verdict;
  }
  const [entry] = await poolSql().query(ENTRY, [draftId]);
  if (!entry) {
    problem("the audit chain has no entry of this approval");
    return verdict;
  }
  const facts = entry.facts as ApprovalFacts;
  const sent = sentDigest(draft.message_body ?? "", draft.message_blocks);
  if (facts.sent_digest !== sent)
    problem("the message sent is not the content the approval names (sent_digest differs)");
  const before = verdict.problems.length;
  const signed = await checkPasskey(problem, { draftId, approverId: draft.decided_by_user_id, facts, sent });
  verdict.passkey = signed ? (verdict.problems.length === before ? "verified" : "failed") : "none";
  if (facts.message_id !== draft.message_id) problem("the approval's entry names another message");
  if (entry.actor_id !== draft.decided_by_user_id || draft.approved_by_user_id !== draft.decided_by_user_id)
    problem("the approver the entry names is not the one the draft and the message name");
  if (entry.seq === null || entry.prev_hash === null) {
    problem("the approval's entry is not sealed yet (run `cli audit seal`)");
    return verdict;
  }
  verdict.entrySeq = Number(entry.seq);
  await checkInclusion(verdict, {
    publicKeys: publicKeys ?? [auditSigningKey().publicKey],
    prevHash: entry.prev_hash,
  });
  verdict.ok = verdict.problems.length === 0;
  return verdict;
}

/** Walks from the entry to the first checkpoint at or after it: every hash on the way, and the signature there. */
async function checkInclusion(
  verdict: ApprovalVerdict,
  { publicKeys, prevHash }: { publicKeys: KeyObject[]; prevHash: string },
) {
  const seq = verdict.entrySeq!;
  const checkpoint = (await listCheckpoints()).find((c) => c.seq >= seq);
  if (!checkpoint) {
    verdict.problems.push("no signed checkpoint covers the entry yet (run `cli audit checkpoint`)");
    return;
  }
  verdict.checkpointSeq = checkpoint.seq;
  async function* span() {
    for await (const entry of readChain({ fromSeq: seq })) {
      if (entry.seq > checkpoint!.seq) return;
      yield entry;
    }
  }
  // From the hash the entry was sealed after: the walk checks the entry's own hash, then every link to the checkpoint.
  const start = { seq, hash: prevHash };
  const result = await verifyChain(span(), { checkpoints: [checkpoint], publicKeys, start });
  if (result.broken)
    verdict.problems.push(
      `the chain does not vouch for it: seq ${result.broken.seq} ${result.broken.kind} (${result.broken.detail})`,
    );
}

interface ApprovalFacts {
  message_id?: string;
  content_digest?: string;
  sent_digest?: string;
  assertion_sha256?: string;
}

const ASSERTION = query("auditLog.approvalAssertion", {
  text: `SELECT a.credential_id, a.nonce, a.response, p.public_key
  FROM approval_assertions a LEFT JOIN passkeys p ON p.credential_id = a.credential_id AND p.user_id = a.user_id
 WHERE a.draft_id = $1 AND a.user_id = $2
 ORDER BY a.created_at DESC LIMIT 1`,
});

/**
 * The approver's passkey assertion, checked offline from what the chain vouches for: false when the approval had
 * none (and the chain names none), true when it had one, each failure told to `problem`.
 */
async function checkPasskey(
  problem: (text: string) => void,
  { draftId, approverId, facts, sent }: { draftId: string; approverId: string | null; facts: ApprovalFacts; sent: string },
): Promise<boolean> {
  const [row] = approverId ? await poolSql().query(ASSERTION, [draftId, approverId]) : [];
  if (!row) {
    if (facts.assertion_sha256) problem("the chain names a passkey assertion that is not stored");
    return false;
  }
  if (facts.assertion_sha256 !== digestOf(row.response)) problem("the stored assertion is not the one the chain names");
  if (!facts.content_digest) {
    problem("the approval's entry names no content digest to derive the challenge from");
    return true;
  }
  if (!row.public_key) {
    problem("the passkey that signed the approval is no longer registered to the approver");
    return true;
  }
  const rp = relyingParty();
  const challenge = approvalChallengeBytes({ seenDigest: facts.content_digest, sentDigest: sent, nonce: row.nonce });
  try {
    const result = await verifyAuthenticationResponse({
      response: row.response as unknown as AuthenticationResponseJSON,
      expectedChallenge: isoBase64URL.fromBuffer(challenge),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: row.credential_id, publicKey: new Uint8Array(row.public_key), counter: 0 },
      requireUserVerification: false,
    });
    if (!result.verified) problem("the passkey assertion does not verify");
  } catch (error) {
    problem(`the passkey assertion does not verify for this content: ${(error as Error).message.slice(0, 200)}`);
  }
  return true;
}
