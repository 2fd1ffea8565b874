import { db } from "@/lib/db/client";
import { readDb } from "@/lib/db/replicas";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { requireMember, type PersonActor } from "@/lib/people/actor";

export interface WorkspaceBot {
  id: string;
  handle: string;
  name: string;
  status: "active" | "paused" | "stopped";
  status_reason: string | null;
  status_changed_at: string | null;
}

/**
 * The bots of a workspace as its people see them: to add one to a conversation, to @-mention one, and (admins) to
 * pause or stop one. Every member may see them; changing a bot's status is the admins' (setBotStatus checks).
 */
export async function listWorkspaceBots(actor: PersonActor, workspaceId: string): Promise<WorkspaceBot[]> {
  const id = requireUuid(workspaceId, "Workspace");
  const workspace = await db().workspace.findUnique({ where: { id }, select: { id: true } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireMember(actor, { client: db(), workspaceId: id });
  const bots = await readDb().bot.findMany({ where: { workspaceId: id }, orderBy: { handle: "asc" } });
  return bots.map((bot) => ({
    id: bot.id,
    handle: bot.handle,
    name: bot.name,
    status: bot.status,
    status_reason: bot.statusReason,
    status_changed_at: bot.statusChangedAt?.toISOString() ?? null,
  }));
}
