import type { Db, Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { PersonActor } from "@/lib/people/actor";
import type { Sql } from "@/lib/db/sql";

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

/** The same record for a bot's action (door `api`), written through node-postgres in the bot route's transaction. */
export async function recordBotAudit(
  sql: Sql,
  entry: {
    workspaceId: string;
    botId: string;
    action: string;
    subjectType: string;
    subjectId: string;
    data: Record<string, unknown>;
  },
) {
  await sql.query(
    `INSERT INTO audit_events (workspace_id, actor_type, actor_id, via, action, subject_type, subject_id, data)
     VALUES ($1, 'bot', $2, 'api', $3, $4, $5, $6)`,
    [entry.workspaceId, entry.botId, entry.action, entry.subjectType, entry.subjectId, JSON.stringify(entry.data)],
  );
}
