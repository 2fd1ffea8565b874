import { recordAuditSql } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { query, sql, transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireStepUpToChange } from "@/lib/factors/step-up-gate";
import { requireUuid } from "@/lib/ids";
import { enqueueNotification } from "@/lib/notifications/enqueue";
import { requireAdminOrSystem, requireMember, type Actor, type PersonActor } from "@/lib/people/actor";
import { removePerson, type PersonRemoved } from "./erase-person";

// A person asks to be erased from a workspace, and an admin confirms or declines (issue 38, item 2;
// docs/decisions/045-erasure.md). The workspace is its organisation's, which answers for its records, so a person
// does not erase themselves: their request waits, the workspace's admins are told, and an admin either confirms it
// (the person is removed and what they wrote erased, ./erase-person.ts, closing the request in the same transaction)
// or declines it with a reason the person reads. The person may withdraw it while it waits. A request holds no words
// of theirs: who asked, when, and what became of it.

export type ErasureRequestStatus = "pending" | "confirmed" | "declined" | "withdrawn";

export interface ErasureRequestView {
  id: string;
  status: ErasureRequestStatus;
  created_at: string;
  decided_at: string | null;
  /** Why an admin declined, for the person. */
  decline_reason: string | null;
}

export interface ErasureRequestForAdmin extends ErasureRequestView {
  person: { id: string; name: string; email: string; role: "admin" | "member" } | null;
  decided_by: string | null;
}

/** How long a decline's reason may be. */
export const DECLINE_REASON_MAX = 1000;

const ASK = query("privacy.askForErasure", {
  text: `WITH asked AS (
     INSERT INTO erasure_requests (workspace_id, user_id) VALUES ($1, $2)
     ON CONFLICT (workspace_id, user_id) WHERE status = 'pending' DO NOTHING
     RETURNING id, status, created_at, decided_at, decline_reason, true AS created
   )
   SELECT * FROM asked
   UNION ALL
   SELECT id, status, created_at, decided_at, decline_reason, false FROM erasure_requests
    WHERE workspace_id = $1 AND user_id = $2 AND status = 'pending' AND NOT EXISTS (SELECT 1 FROM asked)`,
  notNull: ["id", "status", "created_at", "created"],
});

// The asker's membership, locked against a removal running at the same time (which locks it first, or waits), and
// whether another admin is there to answer.
const ASKER = query("privacy.erasureAsker", {
  text: `SELECT m.role, (SELECT count(*)::int FROM memberships a
                         WHERE a.workspace_id = m.workspace_id AND a.role = 'admin' AND a.user_id <> m.user_id) AS other_admins
     FROM memberships m WHERE m.workspace_id = $1 AND m.user_id = $2 FOR SHARE OF m`,
  notNull: ["other_admins"],
});

const LATEST_OWN = query("privacy.ownErasureRequest", {
  text: `SELECT id, status, created_at, decided_at, decline_reason FROM erasure_requests
    WHERE workspace_id = $1 AND user_id = $2 ORDER BY created_at DESC LIMIT 1`,
});

const WITHDRAW = query("privacy.withdrawErasureRequest", {
  text: `UPDATE erasure_requests SET status = 'withdrawn', decided_at = now()
    WHERE workspace_id = $1 AND user_id = $2 AND status = 'pending' RETURNING id`,
});

const FOR_ADMINS = query("privacy.erasureRequestsForAdmins", {
  text: `SELECT r.id, r.status, r.created_at, r.decided_at, r.decline_reason,
          u.id AS user_id, u.name, u.email, m.role, d.name AS decided_by
     FROM erasure_requests r
     JOIN users u ON u.id = r.user_id
     LEFT JOIN memberships m ON m.workspace_id = r.workspace_id AND m.user_id = r.user_id
     LEFT JOIN users d ON d.id = r.decided_by_user_id
    WHERE r.workspace_id = $1
    ORDER BY r.status = 'pending' DESC, r.created_at DESC
    LIMIT $2`,
  notNull: ["user_id", "name", "email"],
});

const PENDING = query("privacy.pendingErasureRequest", {
  text: `SELECT r.id, r.user_id FROM erasure_requests r
    WHERE r.id = $1 AND r.workspace_id = $2 AND r.status = 'pending' FOR UPDATE OF r`,
});

const DECLINE = query("privacy.declineErasureRequest", {
  text: `UPDATE erasure_requests SET status = 'declined', decline_reason = $2, decided_by_user_id = $3, decided_at = now()
    WHERE id = $1 AND status = 'pending'`,
});

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const view = (row: {
  id: string;
  status: string;
  created_at: Date;
  decided_at: Date | null;
  decline_reason: string | null;
}): ErasureRequestView => ({
  id: row.id,
  status: row.status as ErasureRequestStatus,
  created_at: row.created_at.toISOString(),
  decided_at: iso(row.decided_at),
  decline_reason: row.decline_reason,
});

/** A person asks to be erased from a workspace they are in. Asking again while one waits returns that one. */
export async function askForErasure(actor: PersonActor, workspaceId: string): Promise<ErasureRequestView> {
  const id = requireUuid(workspaceId, "Workspace");
  await requireMember(actor, { client: db(), workspaceId: id });
  return transaction(async (tx) => {
    const [asker] = await tx.query(ASKER, [id, actor.userId]);
    if (!asker) throw new ApiError("not_found", "Workspace not found");
    // Nobody else could answer, and the last admin is never removed.
    if (asker.other_admins === 0)
      throw new ApiError(
        "conflict",
        "You are this workspace's only admin: make someone else an admin to answer your request, or delete the workspace",
      );
    let [asked] = await tx.query(ASK, [id, actor.userId]);
    // A request asked at the same moment (another tab) committed first: this statement could not see it, the next does.
    if (!asked) [asked] = await tx.query(ASK, [id, actor.userId]);
    if (!asked) throw new ApiError("conflict", "Your request changed meanwhile: look again");
    if (asked.created) {
      await recordAuditSql(tx, {
        workspaceId: id,
        actor,
        action: "person.erasure_asked",
        subjectType: "person",
        subjectId: actor.userId,
        data: { request_id: asked.id },
      });
      await enqueueNotification(tx, { event: "erasure_request", id: asked.id });
    }
    return view(asked);
  });
}

/** The person's latest request in a workspace, whatever became of it; null when they never asked. */
export async function ownErasureRequest(actor: PersonActor, workspaceId: string): Promise<ErasureRequestView | null> {
  const id = requireUuid(workspaceId, "Workspace");
  await requireMember(actor, { client: db(), workspaceId: id });
  const [row] = await sql().query(LATEST_OWN, [id, actor.userId]);
  return row ? view(row) : null;
}

/** The person withdraws the request that waits. */
export async function withdrawErasureRequest(actor: PersonActor, workspaceId: string): Promise<void> {
  const id = requireUuid(workspaceId, "Workspace");
  await requireMember(actor, { client: db(), workspaceId: id });
  await transaction(async (tx) => {
    const [withdrawn] = await tx.query(WITHDRAW, [id, actor.userId]);
    if (!withdrawn) throw new ApiError("conflict", "No request to be erased is waiting");
    await recordAuditSql(tx, {
      workspaceId: id,
      actor,
      action: "person.erasure_withdrawn",
      subjectType: "person",
      subjectId: actor.userId,
      data: { request_id: withdrawn.id },
    });
  });
}

/** The workspace's requests for its admins: those waiting first, then the latest decided (up to 50 in all). */
export async function listErasureRequests(actor: Actor, workspaceId: string): Promise<ErasureRequestForAdmin[]> {
  const id = requireUuid(workspaceId, "Workspace");
  await requireAdminOrSystem(actor, { client: db(), workspaceId: id });
  const rows = await sql().query(FOR_ADMINS, [id, 50]);
  return rows.map((row) => ({
    ...view(row),
    // Once confirmed, the person is gone from the workspace (and maybe scrubbed): their row names nobody.
    person:
      row.role && row.status === "pending"
        ? { id: row.user_id, name: row.name, email: row.email, role: row.role }
        : null,
    decided_by: row.decided_by,
  }));
}

/** Another admin answers a person's own request. */
function refuseOwn(actor: Actor, userId: string) {
  if (actor.type === "person" && actor.userId === userId)
    throw new ApiError("forbidden", "Another admin answers your own request to be erased");
}

export interface DecideErasureOptions {
  workspaceId: string;
  requestId: string;
}

/** An admin confirms a request: the person's e-mail typed again, as for any removal (./erase-person.ts). */
export async function confirmErasureRequest(
  actor: Actor,
  options: DecideErasureOptions & { confirm: string },
): Promise<PersonRemoved> {
  const workspaceId = requireUuid(options.workspaceId, "Workspace");
  const requestId = requireUuid(options.requestId, "Request");
  await requireAdminOrSystem(actor, { client: db(), workspaceId });
  // Read outside a transaction (its lock ends with the statement): the removal checks again under its own.
  const [pending] = await sql().query(PENDING, [requestId, workspaceId]);
  if (!pending) throw new ApiError("not_found", "No such request is waiting");
  refuseOwn(actor, pending.user_id);
  // The removal checks, under its lock, that this very request still waits (not declined or withdrawn meanwhile).
  return removePerson(actor, {
    workspaceId,
    userId: pending.user_id,
    confirm: options.confirm,
    erase: true,
    requestId,
  });
}

/** An admin declines a request, saying why: the person reads the reason in Settings → Your data. */
export async function declineErasureRequest(
  actor: Actor,
  options: DecideErasureOptions & { reason: string },
): Promise<void> {
  const workspaceId = requireUuid(options.workspaceId, "Workspace");
  const requestId = requireUuid(options.requestId, "Request");
  await requireAdminOrSystem(actor, { client: db(), workspaceId });
  await requireStepUpToChange(actor, workspaceId);
  const reason = String(options.reason ?? "").trim();
  if (!reason)
    throw new ApiError("invalid_body", "Say why the request is declined: the person is told", { field: "reason" });
  if (reason.length > DECLINE_REASON_MAX)
    throw new ApiError("invalid_body", `The reason is at most ${DECLINE_REASON_MAX} characters`, { field: "reason" });
  await transaction(async (tx) => {
    const [pending] = await tx.query(PENDING, [requestId, workspaceId]);
    if (!pending) throw new ApiError("not_found", "No such request is waiting");
    refuseOwn(actor, pending.user_id);
    await tx.query(DECLINE, [requestId, reason, actor.type === "person" ? actor.userId : null]);
    await recordAuditSql(tx, {
      workspaceId,
      actor,
      action: "person.erasure_declined",
      subjectType: "person",
      subjectId: pending.user_id,
      data: { request_id: requestId },
    });
  });
}
