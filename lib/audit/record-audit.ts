import type { Db, Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { PersonActor } from "@/lib/people/actor";
import { query, type Sql } from "@/lib/db/sql";

// Who did what, when and through which door. Written in the same transaction as the change it describes, through
// that transaction's door (docs/decisions/005): `recordAudit` in a Prisma transaction, `recordAuditSql` in an SQL one.
// The row is described once, by `auditRow`.

export interface AuditEntry {
  workspaceId: string;
  actor: PersonActor | { type: "system"; via: "cli" | "job" } | { type: "bot"; botId: string };
  action: string;
  subjectType: string;
  subjectId?: string | null;
  data?: Record<string, unknown>;
}

/** The audit row of an entry: a bot acts through the API; a person or the system through the door they name. */
export function auditRow(entry: AuditEntry) {
  const { actor } = entry;
  return {
    workspaceId: entry.workspaceId,
    actorType: actor.type,
    actorId: actor.type === "person" ? actor.userId : actor.type === "bot" ? actor.botId : null,
    via: actor.type === "bot" ? "api" : actor.via,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    // An OAuth client acting for the person (MCP) is named beside what it did.
    data: actor.type === "person" && actor.client ? { ...entry.data, client: actor.client } : (entry.data ?? {}),
  };
}

export async function recordAudit(client: Db | Tx, entry: AuditEntry) {
  const row = auditRow(entry);
  await client.auditEvent.create({ data: { ...row, data: row.data as Prisma.InputJsonValue } });
}

const INSERT_AUDIT = query("audit.insert", {
  text: `INSERT INTO audit_events (workspace_id, actor_type, actor_id, via, action, subject_type, subject_id, data)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
});

/** The same record through node-postgres, in the caller's SQL transaction. */
export async function recordAuditSql(sql: Sql, entry: AuditEntry) {
  const row = auditRow(entry);
  await sql.query(INSERT_AUDIT, [
    row.workspaceId,
    row.actorType,
    row.actorId,
    row.via,
    row.action,
    row.subjectType,
    row.subjectId,
    JSON.stringify(row.data),
  ]);
}

/** A bot's action (door `api`), in the bot route's transaction. */
export async function recordBotAudit(
  sql: Sql,
  entry: Omit<AuditEntry, "actor"> & { botId: string; subjectId: string; data: Record<string, unknown> },
) {
  const { botId, ...rest } = entry;
  await recordAuditSql(sql, { ...rest, actor: { type: "bot", botId } });
}
