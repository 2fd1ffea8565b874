import { randomUUID } from "node:crypto";
import type { Db, Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { PersonActor } from "@/lib/people/actor";
import { query, type Sql } from "@/lib/db/sql";
import { appendAuditLogPrisma, digestOf, idFacts, type AuditLogWrite } from "./audit-log";

// Who did what, when and through which door. Written in the same transaction as the change it describes, through
// that transaction's door (docs/decisions/005): `recordAudit` in a Prisma transaction, `recordAuditSql` in an SQL one.
// The row is described once, by `auditRow`.
//
// Each record also enters the audit chain (./audit-log.ts, docs/decisions/035-audit-chain.md) in the same
// transaction: its ids as they are, its details only as a digest, and the record's own id. The record here is the
// readable history (it may name things, and erasure may clear it); the chain proves what it said and that nothing was
// removed, without holding any of it.

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

/** The chain's entry of an audit record: what it names by id, the digest of all it says, and its id. */
export function chainEntryOf(row: ReturnType<typeof auditRow>, { eventId }: { eventId: string }): AuditLogWrite {
  return {
    kind: row.action,
    workspaceId: row.workspaceId,
    actor: { type: row.actorType, id: row.actorId },
    subject: { type: row.subjectType, id: row.subjectId },
    facts: { ...idFacts(row.data), via: row.via, event: eventId, detail: digestOf(row.data) },
  };
}

export async function recordAudit(client: Db | Tx, entry: AuditEntry) {
  const row = auditRow(entry);
  const id = randomUUID();
  await client.auditEvent.create({ data: { ...row, id, data: row.data as Prisma.InputJsonValue } });
  await appendAuditLogPrisma(client, chainEntryOf(row, { eventId: id }));
}

// One statement, one round trip: the record and its chain entry.
const INSERT_AUDIT = query("audit.insert", {
  text: `WITH event AS (
     INSERT INTO audit_events (id, workspace_id, actor_type, actor_id, via, action, subject_type, subject_id, data)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
   )
   INSERT INTO audit_log (kind, workspace_id, actor_type, actor_id, subject_type, subject_id, facts)
   VALUES ($6, $2, $3, $4, $7, $8, $10)`,
});

/** The same record through node-postgres, in the caller's SQL transaction. */
export async function recordAuditSql(sql: Sql, entry: AuditEntry) {
  const row = auditRow(entry);
  const id = randomUUID();
  const chained = chainEntryOf(row, { eventId: id });
  await sql.query(INSERT_AUDIT, [
    id,
    row.workspaceId,
    row.actorType,
    row.actorId,
    row.via,
    row.action,
    row.subjectType,
    row.subjectId,
    JSON.stringify(row.data),
    JSON.stringify(chained.facts),
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
