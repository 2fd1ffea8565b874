import type { Db, Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { PersonActor } from "@/lib/people/actor";

/** Who did what, when and through which door. Written in the same transaction as the change it describes. */
export async function recordAudit(
  client: Db | Tx,
  entry: {
    workspaceId: string;
    actor: PersonActor | { type: "system"; via: "cli" | "job" } | { type: "bot"; botId: string };
    action: string;
    subjectType: string;
    subjectId?: string | null;
    data?: Record<string, unknown>;
  },
) {
  const { actor } = entry;
  await client.auditEvent.create({
    data: {
      workspaceId: entry.workspaceId,
      actorType: actor.type,
      actorId: actor.type === "person" ? actor.userId : actor.type === "bot" ? actor.botId : null,
      via: actor.type === "bot" ? "api" : actor.via,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId ?? null,
      data: (entry.data ?? {}) as Prisma.InputJsonValue,
    },
  });
}
