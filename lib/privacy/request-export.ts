import { recordAuditSql } from "@/lib/audit/record-audit";
import { signToken, verifyToken } from "@/lib/crypto/signed-token";
import { db } from "@/lib/db/client";
import { query, transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { requireAdminOrSystem, requireMember, type Actor, type PersonActor } from "@/lib/people/actor";
import { EXPORT_MAX_ATTEMPTS, EXPORT_TASK } from "./build-export";
import { beingDeleted } from "./erase-workspace";

// Asking for an export (issue 38, item 1; docs/decisions/045-erasure.md): an admin of the workspace for a contact or
// the whole workspace, a person for themselves (in one workspace); the operator at the CLI for any. The request is
// recorded (in the audit history by ids only) and a job builds the archive. Its link works for the person who asked,
// signed in, until the archive expires: a link forwarded to anyone else is refused.

export type ExportSubject = "contact" | "person" | "workspace";

export interface RequestExportOptions {
  workspaceId: string;
  subjectType: ExportSubject;
  /** The contact's or the person's id; the workspace's for a workspace. */
  subjectId: string;
}

export interface ExportView {
  id: string;
  subject_type: ExportSubject;
  subject_id: string;
  status: "queued" | "running" | "ready" | "failed" | "expired";
  /** Rows written so far, per file of the archive. */
  progress: Record<string, number>;
  size_bytes: number | null;
  sha256: string | null;
  created_at: string;
  expires_at: string | null;
  /** While ready: the download's path, for the person who asked. */
  download_path: string | null;
}

const INSERT = query("export.request", {
  text: `INSERT INTO exports (workspace_id, subject_type, subject_id, requested_by_user_id)
   VALUES ($1, $2, $3, $4) RETURNING id`,
});

/** The link's purpose: the export, for the one person who asked (a token made for another person never verifies). */
const purpose = (userId: string) => `relay/export-links/v1/${userId}`;

async function checkSubject(actor: Actor, { workspaceId, subjectType, subjectId }: RequestExportOptions) {
  if (subjectType === "person") {
    if (actor.type === "person" && actor.userId !== subjectId)
      throw new ApiError("forbidden", "A person exports their own data; an admin exports a contact or the workspace");
    if (actor.type === "person") await requireMember(actor, { client: db(), workspaceId });
    else if (!(await db().membership.findFirst({ where: { workspaceId, userId: subjectId } })))
      throw new ApiError("not_found", "Person not found in this workspace");
    return;
  }
  await requireAdminOrSystem(actor, {
    client: db(),
    workspaceId,
    notFound: subjectType === "contact" ? "Contact not found" : "Workspace not found",
  });
  if (subjectType === "workspace") {
    if (subjectId !== workspaceId) throw new ApiError("invalid_body", "A workspace's export names the workspace");
    return;
  }
  const contact = await db().contact.findUnique({ where: { id: subjectId }, select: { workspaceId: true } });
  if (!contact || contact.workspaceId !== workspaceId) throw new ApiError("not_found", "Contact not found");
}

export async function requestExport(actor: Actor, options: RequestExportOptions): Promise<ExportView> {
  const workspaceId = requireUuid(options.workspaceId, "Workspace");
  const subjectId = requireUuid(options.subjectId, options.subjectType === "contact" ? "Contact" : "Subject");
  const workspace = await db().workspace.findUnique({ where: { id: workspaceId }, select: { id: true } });
  if (!workspace || (await beingDeleted(workspaceId))) throw new ApiError("not_found", "Workspace not found");
  await checkSubject(actor, { workspaceId, subjectType: options.subjectType, subjectId });
  const requester = actor.type === "person" ? actor.userId : null;
  const id = await transaction(async (tx) => {
    const [row] = await tx.query(INSERT, [workspaceId, options.subjectType, subjectId, requester]);
    await recordAuditSql(tx, {
      workspaceId,
      actor,
      action: `${options.subjectType}.export_requested`,
      subjectType: options.subjectType,
      subjectId,
      data: { export_id: row!.id },
    });
    await enqueueJob(tx, { task: EXPORT_TASK, payload: { export_id: row!.id }, maxAttempts: EXPORT_MAX_ATTEMPTS });
    return row!.id;
  });
  return (await listExports(actor, { workspaceId, exportId: id }))[0]!;
}

export interface ListExportsOptions {
  workspaceId: string;
  /** One subject's exports only. */
  subjectId?: string;
  exportId?: string;
}

/** The exports the person asked for in the workspace (the operator: all of them), newest first, the last 20. */
export async function listExports(actor: Actor, { workspaceId, subjectId, exportId }: ListExportsOptions): Promise<ExportView[]> {
  const rows = await db().export.findMany({
    where: {
      workspaceId,
      ...(actor.type === "person" ? { requestedByUserId: actor.userId } : {}),
      ...(subjectId ? { subjectId } : {}),
      ...(exportId ? { id: exportId } : {}),
    },
    orderBy: { createdAt: "desc" },
    take: 20,
  });
  const now = new Date();
  return rows.map((row) => {
    const live = row.status === "ready" && row.expiresAt !== null && row.expiresAt > now;
    const status = row.status === "ready" && !live ? "expired" : row.status;
    return {
      id: row.id,
      subject_type: row.subjectType as ExportSubject,
      subject_id: row.subjectId,
      status: status as ExportView["status"],
      progress: row.progress as Record<string, number>,
      size_bytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
      sha256: row.sha256,
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt?.toISOString() ?? null,
      download_path:
        live && row.requestedByUserId
          ? `/api/exports/${signToken(purpose(row.requestedByUserId), { id: row.id, expiresAt: row.expiresAt! })}`
          : null,
    };
  });
}

/**
 * The archive a download link names, for the signed-in person it was made for: its path on disk and its file name.
 * Any other person, an altered or expired link, or an archive that is not ready is refused as not found.
 */
export async function exportToDownload(actor: PersonActor, token: string) {
  const check = verifyToken(purpose(actor.userId), { token });
  if (!check.ok) throw new ApiError("not_found", check.reason === "expired" ? "This export's link has expired" : "Export not found");
  const row = await db().export.findUnique({ where: { id: check.id } });
  if (!row || row.requestedByUserId !== actor.userId || row.status !== "ready" || !row.expiresAt || row.expiresAt <= new Date())
    throw new ApiError("not_found", "Export not found");
  return { exportId: row.id, name: `relay-${row.subjectType}-${row.subjectId}.zip`, size: Number(row.sizeBytes ?? 0) };
}
