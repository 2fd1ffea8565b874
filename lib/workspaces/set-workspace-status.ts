import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireAdminOrSystem, type Actor } from "@/lib/people/actor";

export type WorkspaceStatus = "active" | "restricted" | "suspended";

/** Restricted and suspended workspaces' bots can send nothing (403 `workspace_restricted` / `workspace_suspended`). */
export async function setWorkspaceStatus(actor: Actor, workspaceId: string, status: WorkspaceStatus) {
  if (!["active", "restricted", "suspended"].includes(status)) throw new ApiError("invalid_body", "Workspace status must be active, restricted or suspended");
  const workspace = await db().workspace.findUnique({ where: { id: workspaceId } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireAdminOrSystem(db(), actor, workspaceId);
  return db().$transaction(async (tx) => {
    const updated = await tx.workspace.update({ where: { id: workspaceId }, data: { status } });
    await recordAudit(tx, { workspaceId, actor, action: `workspace.${status}`, subjectType: "workspace", subjectId: workspaceId, data: { from: workspace.status } });
    return { id: updated.id, slug: updated.slug, status: updated.status };
  });
}
