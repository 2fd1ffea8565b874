import { db } from "@/lib/db/client";
import type { PersonActor } from "@/lib/people/actor";
import { tokenView, type PersonalTokenView } from "./personal-token";

/** The person's own tokens, newest first, revoked ones included (greyed out in settings). Never the secrets. */
export async function listPersonalTokens(actor: PersonActor): Promise<PersonalTokenView[]> {
  const rows = await db().personalAccessToken.findMany({
    where: { userId: actor.userId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  const workspaces = await db().workspace.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.workspaceId))] } },
    select: { id: true, slug: true, name: true },
  });
  const byId = new Map(workspaces.map((w) => [w.id, w]));
  return rows.map((row) => tokenView(row, byId.get(row.workspaceId) ?? { id: row.workspaceId, slug: "", name: "" }));
}
