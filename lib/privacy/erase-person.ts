import { recordAuditSql } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { query, transaction, type Sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireStepUpToChange } from "@/lib/factors/step-up-gate";
import { requireUuid } from "@/lib/ids";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { requireAdminOrSystem, type Actor } from "@/lib/people/actor";
import { ERASE_MAX_ATTEMPTS, ERASE_TASK, FIRST_PERSON_STEP, erasureJobKey } from "./run-erasure";

// An admin removes a person from a workspace, with or without erasing what they wrote there (issue 38, item 2;
// docs/decisions/045-erasure.md). In one transaction: their place in the workspace goes (membership, conversations'
// participation, read markers, tokens and assistants' grants, approver groups, notifications and settings, e-mails of
// the workspace). With `erase`: an erasure record and its job, which empties the messages they wrote there, deletes
// their files, the deliveries and notifications quoting them and the audit details about them, and tells the bots
// (`person.erased`); and when no workspace is left to them, their account itself is scrubbed (name, e-mail and handle
// replaced, password, sessions, second factors, devices and security history deleted).

export interface RemovePersonOptions {
  workspaceId: string;
  userId: string;
  /** Their e-mail address as the admin typed it to confirm (compared without case or surrounding spaces). */
  confirm: string;
  /** Also erase what they wrote in the workspace (and their account, if no workspace is left to them). */
  erase: boolean;
  /** The request to be erased this removal answers: it must still wait (./erasure-requests.ts). */
  requestId?: string;
}

const MEMBER = query("privacy.memberToRemove", {
  text: `SELECT u.email, m.role,
          (SELECT count(*)::int FROM memberships a WHERE a.workspace_id = $2 AND a.role = 'admin') AS admins
     FROM users u JOIN memberships m ON m.user_id = u.id AND m.workspace_id = $2
    WHERE u.id = $1 FOR UPDATE OF m`,
  notNull: ["admins"],
});

// The workspace's conversations they took part in or wrote in, and every bot ever authorized there.
const PERSON_LINKS = query("privacy.personLinks", {
  text: `WITH conversations AS (
     SELECT p.conversation_id AS id FROM conversation_participants p JOIN conversations c ON c.id = p.conversation_id
      WHERE p.user_id = $1 AND c.workspace_id = $2
     UNION
     SELECT DISTINCT m.conversation_id FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.sender_user_id = $1 AND c.workspace_id = $2
   )
   SELECT COALESCE((SELECT array_agg(id ORDER BY id) FROM conversations), '{}') AS conversation_ids,
          COALESCE((SELECT array_agg(DISTINCT a.bot_id) FROM bot_authorizations a
                     WHERE a.conversation_id IN (SELECT id FROM conversations)), '{}') AS bot_ids`,
  notNull: ["conversation_ids", "bot_ids"],
});

// Their place in the workspace. Returns how many workspaces are left to them.
const REMOVE_FROM_WORKSPACE = query("privacy.removeFromWorkspace", {
  text: `WITH conversations AS (SELECT id FROM conversations WHERE workspace_id = $2),
        participation AS (DELETE FROM conversation_participants WHERE user_id = $1 AND conversation_id IN (SELECT id FROM conversations)),
        reads AS (DELETE FROM conversation_reads WHERE user_id = $1 AND conversation_id IN (SELECT id FROM conversations)),
        tokens AS (DELETE FROM personal_access_tokens WHERE user_id = $1 AND workspace_id = $2),
        grants AS (DELETE FROM oauth_grants WHERE user_id = $1 AND workspace_id = $2),
        groups AS (DELETE FROM approver_group_members WHERE user_id = $1 AND workspace_id = $2),
        told AS (DELETE FROM notifications WHERE user_id = $1 AND workspace_id = $2),
        settings AS (DELETE FROM notification_settings WHERE user_id = $1 AND workspace_id = $2),
        mails AS (DELETE FROM email_outbox WHERE user_id = $1 AND workspace_id = $2),
        membership AS (DELETE FROM memberships WHERE user_id = $1 AND workspace_id = $2 RETURNING workspace_id)
   SELECT (SELECT count(*)::int FROM memberships WHERE user_id = $1 AND workspace_id <> $2) AS left`,
  notNull: ["left"],
});

// An account no workspace is left to, erased: what names it replaced, what it holds deleted. The row stays so the
// ids that point at it (a message's author, an approval) stay valid; they now name nobody.
const SCRUB_ACCOUNT = query("privacy.scrubAccount", {
  text: `WITH sessions AS (DELETE FROM person_sessions WHERE user_id = $1),
        passkeys AS (DELETE FROM passkeys WHERE user_id = $1),
        totp AS (DELETE FROM totp_factors WHERE user_id = $1),
        codes AS (DELETE FROM recovery_codes WHERE user_id = $1),
        challenges AS (DELETE FROM webauthn_challenges WHERE user_id = $1),
        devices AS (DELETE FROM push_subscriptions WHERE user_id = $1),
        security AS (DELETE FROM security_events WHERE user_id = $1),
        told AS (DELETE FROM notifications WHERE user_id = $1),
        mails AS (DELETE FROM email_outbox WHERE user_id = $1),
        tokens AS (DELETE FROM personal_access_tokens WHERE user_id = $1),
        grants AS (DELETE FROM oauth_grants WHERE user_id = $1)
   UPDATE users SET name = 'Erased person', email = 'erased-' || id || '@erased.invalid',
          handle = 'erased-' || left(id::text, 8), password_hash = NULL, tour_dismissed_at = NULL
    WHERE id = $1`,
});

/** Scrubs an account no workspace is left to (a person's erasure, a workspace's deletion). */
export async function scrubAccount(sql: Sql, userId: string): Promise<void> {
  await sql.query(SCRUB_ACCOUNT, [userId]);
}

const RECORD = query("privacy.recordPersonErasure", {
  text: `INSERT INTO erasures (workspace_id, subject_type, subject_id, conversation_ids, bot_ids, requested_by_user_id, step)
   VALUES ($1, 'person', $2, $3, $4, $5, $6)
   RETURNING id`,
});

// Their request to be erased, if one waits (./erasure-requests.ts): an erasure confirms it, with the erasure's id.
const REQUEST_WAITING = query("privacy.erasureRequestWaiting", {
  text: `SELECT id FROM erasure_requests WHERE workspace_id = $1 AND user_id = $2 AND status = 'pending' FOR UPDATE`,
});
const CONFIRM_REQUEST = query("privacy.confirmErasureRequest", {
  text: `UPDATE erasure_requests SET status = 'confirmed', decided_by_user_id = $3, decided_at = now(), erasure_id = $4
    WHERE workspace_id = $1 AND user_id = $2 AND status = 'pending'`,
});

export interface PersonRemoved {
  /** The erasure's id, when what they wrote is erased. */
  erasure_id: string | null;
  /** Whether their account was scrubbed (no workspace was left to them). */
  account_erased: boolean;
}

export async function removePerson(actor: Actor, options: RemovePersonOptions): Promise<PersonRemoved> {
  const workspaceId = requireUuid(options.workspaceId, "Workspace");
  const userId = requireUuid(options.userId, "Person");
  const workspace = await db().workspace.findUnique({ where: { id: workspaceId }, select: { id: true } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireAdminOrSystem(actor, { client: db(), workspaceId });
  await requireStepUpToChange(actor, workspaceId);

  const decider = actor.type === "person" ? actor.userId : null;
  return transaction(async (tx) => {
    const [member] = await tx.query(MEMBER, [userId, workspaceId]);
    if (!member) throw new ApiError("not_found", "Person not found in this workspace");
    if (options.confirm.trim().toLowerCase() !== member.email.toLowerCase())
      throw new ApiError("invalid_body", "Type the person's e-mail address exactly to confirm", { field: "confirm" });
    if (member.role === "admin" && member.admins <= 1)
      throw new ApiError("conflict", "This is the workspace's last admin: make someone else an admin first");
    const [waiting] = await tx.query(REQUEST_WAITING, [workspaceId, userId]);
    if (options.requestId !== undefined && waiting?.id !== options.requestId)
      throw new ApiError("not_found", "No such request is waiting");
    if (waiting && !options.erase)
      throw new ApiError(
        "conflict",
        "They asked to be erased: confirm their request (removing them with what they wrote) or decline it first",
      );
    const [links] = await tx.query(PERSON_LINKS, [userId, workspaceId]);
    let erasureId: string | null = null;
    if (options.erase) {
      const [erasure] = await tx.query(RECORD, [
        workspaceId,
        userId,
        links!.conversation_ids,
        links!.bot_ids,
        decider,
        FIRST_PERSON_STEP,
      ]);
      erasureId = erasure!.id;
      if (waiting) await tx.query(CONFIRM_REQUEST, [workspaceId, userId, decider, erasureId]);
    }
    const [remaining] = await tx.query(REMOVE_FROM_WORKSPACE, [userId, workspaceId]);
    const accountErased = options.erase && remaining!.left === 0;
    if (accountErased) await scrubAccount(tx, userId);
    await recordAuditSql(tx, {
      workspaceId,
      actor,
      action: options.erase ? "person.erasure_requested" : "person.removed",
      subjectType: "person",
      subjectId: userId,
      data: { erasure_id: erasureId, account_erased: accountErased, request_id: waiting?.id ?? null },
    });
    if (erasureId)
      await enqueueJob(tx, {
        task: ERASE_TASK,
        payload: { erasure_id: erasureId },
        jobKey: erasureJobKey(erasureId),
        maxAttempts: ERASE_MAX_ATTEMPTS,
      });
    return { erasure_id: erasureId, account_erased: accountErased };
  });
}
