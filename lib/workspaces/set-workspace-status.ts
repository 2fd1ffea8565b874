import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import { beingDeleted } from "@/lib/privacy/erase-workspace";
import { requireAdminOrSystem, type Actor } from "@/lib/people/actor";

export const WORKSPACE_STATUSES = ["active", "restricted", "suspended"] as const;
export type WorkspaceStatus = (typeof WORKSPACE_STATUSES)[number];

export interface SetWorkspaceStatusOptions {
  workspaceId: string;
  status: WorkspaceStatus;
}

/** A restricted or suspended workspace's bots can send nothing (403 `workspace_restricted` / `workspace_suspended`). */
export async function setWorkspaceStatus(actor: Actor, { workspaceId, status }: SetWorkspaceStatusOptions) {
  if (!WORKSPACE_STATUSES.includes(status))
    throw new ApiError("invalid_body", "Workspace status must be active, restricted or suspended");
  const workspace = await db().workspace.findUnique({ where: { id: requireUuid(workspaceId, "Workspace") } });
  // A workspace being deleted (lib/privacy/erase-workspace.ts) stays suspended until its rows are gone.
  if (!workspace || (await beingDeleted(workspace.id))) throw new ApiError("not_found", "Workspace not found");
  await requireAdminOrSystem(actor, { client: db(), workspaceId: workspace.id });
  const view = (w: typeof workspace, changed: boolean) => ({ id: w.id, slug: w.slug, status: w.status, changed });
  if (workspace.status === status) return view(workspace, false);
  return db().$transaction(async (tx) => {
    const updated = await tx.workspace.update({ where: { id: workspace.id }, data: { status } });
    await recordAudit(tx, {
      workspaceId: workspace.id,
      actor,
      action: `workspace.${status}`,
      subjectType: "workspace",
      subjectId: workspace.id,
      data: { from: workspace.status },
    });
    return view(updated, true);
  });
}
