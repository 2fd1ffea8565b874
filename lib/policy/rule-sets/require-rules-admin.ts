import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { requireAdminOrSystem, type Actor } from "@/lib/people/actor";

// Who may read and change a workspace's custom rules and approver groups: its admins and the operator (issue 33
// item 7). A person outside the workspace finds no workspace (404, decision 019); a member who is not an admin is
// told in words (403). Reading is admin-only too: the rules say what is watched for, which is the admins' to know.

/** The workspace's id (lowercased) once the actor may manage its rules; 404 or 403 otherwise. */
export async function requireRulesAdmin(actor: Actor, workspaceId: string): Promise<string> {
  const id = requireUuid(workspaceId, "Workspace");
  const workspace = await db().workspace.findUnique({ where: { id }, select: { id: true } });
  if (!workspace) throw notFound("Workspace");
  await requireAdminOrSystem(actor, { client: db(), workspaceId: id });
  return id;
}
