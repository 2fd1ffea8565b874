import { db } from "@/lib/db/client";
import type { PersonActor } from "@/lib/people/actor";

/** The workspaces a person belongs to, with their role in each: the chat's workspace switcher. */
export async function listPersonWorkspaces(actor: PersonActor) {
  const memberships = await db().membership.findMany({
    where: { userId: actor.userId },
    include: { workspace: { select: { id: true, slug: true, name: true } } },
    orderBy: { createdAt: "asc" },
  });
  return memberships.map((m) => ({ id: m.workspace.id, slug: m.workspace.slug, name: m.workspace.name, role: m.role as "admin" | "member" }));
}
