import { db } from "@/lib/db/client";
import { requireUuid } from "@/lib/ids";
import { requireMember, type PersonActor } from "@/lib/people/actor";

/** Notifications the chat lists, newest first. */
const RECENT = 20;

export interface NotificationView {
  id: string;
  kind: string;
  title: string;
  /** The bot's or person's words (untrusted). */
  body: string;
  path: string;
  created_at: string;
}

/** What the person was told in this workspace lately, newest first (the chat's approvals page): their own only. */
export async function listNotifications(actor: PersonActor, workspaceId: string): Promise<NotificationView[]> {
  const id = requireUuid(workspaceId, "Workspace");
  await requireMember(actor, { client: db(), workspaceId: id });
  const rows = await db().notification.findMany({
    where: { userId: actor.userId, workspaceId: id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: RECENT,
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    path: row.path,
    created_at: row.createdAt.toISOString(),
  }));
}
