import { recordAuditSql } from "@/lib/audit/record-audit";
import { API_KEY_CHANNEL, forgetPrincipal } from "@/lib/bots/api-key-cache";
import { db } from "@/lib/db/client";
import { query, transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireStepUpToChange } from "@/lib/factors/step-up-gate";
import { requireUuid } from "@/lib/ids";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { requireAdminOrSystem, type Actor } from "@/lib/people/actor";
import { scrubAccount } from "./erase-person";
import { ERASE_MAX_ATTEMPTS, ERASE_TASK, FIRST_WORKSPACE_STEP, erasureJobKey } from "./run-erasure";

// An admin (or the operator) deletes a whole workspace (issue 38; docs/decisions/045-erasure.md). In one
// transaction, at once, every door closes: its people leave it (an account left with no workspace is scrubbed, as a
// person's erasure does), its tokens, assistants' grants and bots' API keys stop working, its notifications and
// e-mails go, its name and address are replaced, and it is suspended so nothing is sent. The erasure job
// (./run-erasure.ts) then empties its conversations in batches, tells every bot (`workspace.erased`), waits for
// those deliveries to be over, and deletes the workspace's rows for good. What stays: the erasure's record and the
// audit chain's entries (ids and digests).

export interface DeleteWorkspaceOptions {
  workspaceId: string;
  /** The workspace's address (slug) as typed to confirm. */
  confirm: string;
}

const WORKSPACE = query("privacy.workspaceToErase", {
  text: `SELECT w.slug, EXISTS (SELECT 1 FROM erasures e WHERE e.workspace_id = w.id AND e.subject_type = 'workspace') AS erasing
     FROM workspaces w WHERE w.id = $1 FOR UPDATE`,
  notNull: ["erasing"],
});

// Its conversations, and the bots to tell: its own, and any other ever authorized in its conversations.
const WORKSPACE_LINKS = query("privacy.workspaceLinks", {
  text: `SELECT COALESCE((SELECT array_agg(id ORDER BY id) FROM conversations WHERE workspace_id = $1), '{}') AS conversation_ids,
          COALESCE((SELECT array_agg(id ORDER BY id) FROM (
            SELECT id FROM bots WHERE workspace_id = $1
            UNION SELECT a.bot_id FROM bot_authorizations a JOIN conversations c ON c.id = a.conversation_id
                   WHERE c.workspace_id = $1) b), '{}') AS bot_ids`,
  notNull: ["conversation_ids", "bot_ids"],
});

const RECORD = query("privacy.recordWorkspaceErasure", {
  text: `INSERT INTO erasures (workspace_id, subject_type, subject_id, conversation_ids, bot_ids, requested_by_user_id, step)
   VALUES ($1, 'workspace', $1, $2, $3, $4, $5)
   RETURNING id`,
});

// Every door closed: its people's places, tokens, grants, bots' keys, notifications and e-mails; its name replaced;
// suspended. Returns the people who were in it and are in no workspace now.
const CLOSE = query("privacy.closeWorkspace", {
  text: `WITH members AS (DELETE FROM memberships WHERE workspace_id = $1 RETURNING user_id),
        participants AS (DELETE FROM conversation_participants
                          WHERE user_id IS NOT NULL AND conversation_id IN (SELECT id FROM conversations WHERE workspace_id = $1)),
        tokens AS (DELETE FROM personal_access_tokens WHERE workspace_id = $1),
        grants AS (DELETE FROM oauth_grants WHERE workspace_id = $1),
        keys AS (UPDATE api_keys SET revoked_at = now()
                  WHERE revoked_at IS NULL AND bot_id IN (SELECT id FROM bots WHERE workspace_id = $1) RETURNING key_hash),
        told AS (DELETE FROM notifications WHERE workspace_id = $1),
        settings AS (DELETE FROM notification_settings WHERE workspace_id = $1),
        mails AS (DELETE FROM email_outbox WHERE workspace_id = $1),
        requests AS (DELETE FROM erasure_requests WHERE workspace_id = $1),
        renamed AS (UPDATE workspaces SET name = 'Erased workspace', slug = 'erased-' || id, status = 'suspended'
                     WHERE id = $1)
   SELECT COALESCE((SELECT array_agg(m.user_id) FROM members m WHERE NOT EXISTS (
            SELECT 1 FROM memberships o WHERE o.user_id = m.user_id AND o.workspace_id <> $1)), '{}') AS alone,
          COALESCE((SELECT array_agg(key_hash) FROM keys), '{}') AS key_hashes`,
  notNull: ["alone", "key_hashes"],
});
// Every process that cached one of the keys forgets it when this commits (lib/bots/api-key-cache.ts).
const NOTIFY_KEYS = query("privacy.notifyKeysRevoked", {
  text: `SELECT count(pg_notify($1, h))::int AS n FROM unnest($2::text[]) h`,
});

/** Whether the workspace is being deleted: it is then gone for every door, the operator's included. */
export async function beingDeleted(workspaceId: string): Promise<boolean> {
  return (await db().erasure.count({ where: { workspaceId, subjectType: "workspace" } })) > 0;
}

export interface WorkspaceDeleted {
  erasure_id: string;
  /** People whose accounts were scrubbed: they were in no other workspace. */
  accounts_erased: number;
}

export async function deleteWorkspace(actor: Actor, options: DeleteWorkspaceOptions): Promise<WorkspaceDeleted> {
  const workspaceId = requireUuid(options.workspaceId, "Workspace");
  await requireAdminOrSystem(actor, { client: db(), workspaceId });
  await requireStepUpToChange(actor, workspaceId);
  const deleted = await transaction(async (tx) => {
    const [workspace] = await tx.query(WORKSPACE, [workspaceId]);
    if (!workspace || workspace.erasing) throw new ApiError("not_found", "Workspace not found");
    if (String(options.confirm ?? "").trim().toLowerCase() !== workspace.slug.toLowerCase())
      throw new ApiError("invalid_body", "Type the workspace's address exactly to confirm", { field: "confirm" });
    const [links] = await tx.query(WORKSPACE_LINKS, [workspaceId]);
    const [erasure] = await tx.query(RECORD, [
      workspaceId,
      links!.conversation_ids,
      links!.bot_ids,
      actor.type === "person" ? actor.userId : null,
      FIRST_WORKSPACE_STEP,
    ]);
    const [closed] = await tx.query(CLOSE, [workspaceId]);
    await tx.query(NOTIFY_KEYS, [API_KEY_CHANNEL, closed!.key_hashes]);
    for (const userId of closed!.alone) await scrubAccount(tx, userId);
    await recordAuditSql(tx, {
      workspaceId,
      actor,
      action: "workspace.erasure_requested",
      subjectType: "workspace",
      subjectId: workspaceId,
      data: { erasure_id: erasure!.id, accounts_erased: closed!.alone.length },
    });
    await enqueueJob(tx, {
      task: ERASE_TASK,
      payload: { erasure_id: erasure!.id },
      jobKey: erasureJobKey(erasure!.id),
      maxAttempts: ERASE_MAX_ATTEMPTS,
    });
    return { erasure_id: erasure!.id, accounts_erased: closed!.alone.length, keyHashes: closed!.key_hashes };
  });
  for (const hash of deleted.keyHashes) forgetPrincipal(hash);
  return { erasure_id: deleted.erasure_id, accounts_erased: deleted.accounts_erased };
}
