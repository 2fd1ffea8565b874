import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import type { Db, Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/ids";
import { query, statement, type Sql, type Statement } from "@/lib/db/sql";

// Writing to the audit chain (issue 34, docs/decisions/035-audit-chain.md). An entry is inserted unsealed by the
// transaction that makes the change it records, so it exists exactly when the change committed; the sealer
// (./seal-audit-log.ts) later gives it its place in the chain. One INSERT, no lock, no read of the chain's head: a
// send never waits on another's entry. Entries carry ids and SHA-256 digests only, never text or a person's details.

/** What an entry says, before it is sealed. */
export interface AuditLogWrite {
  kind: string;
  workspaceId: string | null;
  actor: { type: "person" | "bot" | "system"; id: string | null };
  subject: { type: string; id: string | null };
  /** Ids, codes, numbers and SHA-256 digests only. */
  facts: Record<string, unknown>;
}

const APPEND = query("auditLog.append", {
  text: `INSERT INTO audit_log (kind, workspace_id, actor_type, actor_id, subject_type, subject_id, facts)
  VALUES ($1, $2, $3, $4, $5, $6, $7)`,
});

const values = (entry: AuditLogWrite) =>
  [
    entry.kind,
    entry.workspaceId,
    entry.actor.type,
    entry.actor.id,
    entry.subject.type,
    entry.subject.id,
    JSON.stringify(entry.facts),
  ] as [string, string | null, string, string | null, string, string | null, string];

/** The entry's INSERT, for a transaction that sends its writes with its COMMIT (`tx.atCommit`: no round trip). */
export function auditLogStatement(entry: AuditLogWrite): Statement<"auditLog.append"> {
  return statement(APPEND, values(entry));
}

/** Appends an entry through node-postgres, in the caller's transaction (or alone, on the pool). */
export async function appendAuditLog(sql: Sql, entry: AuditLogWrite): Promise<void> {
  await sql.query(APPEND, values(entry));
}

/** The entry as Prisma's create takes it (for a batch transaction of Prisma's). */
export function auditLogData(entry: AuditLogWrite) {
  return {
    kind: entry.kind,
    workspaceId: entry.workspaceId,
    actorType: entry.actor.type,
    actorId: entry.actor.id,
    subjectType: entry.subject.type,
    subjectId: entry.subject.id,
    facts: entry.facts as Prisma.InputJsonValue,
  };
}

/** Appends an entry through Prisma, in the caller's transaction. */
export async function appendAuditLogPrisma(client: Db | Tx, entry: AuditLogWrite): Promise<void> {
  await client.auditLogEntry.create({ data: auditLogData(entry) });
}

/** SHA-256 (hex) of a value's canonical JSON (RFC 8785): binds details kept elsewhere without copying them. */
export function digestOf(value: unknown): string {
  return createHash("sha256")
    .update(canonicalize(value) ?? "null", "utf8")
    .digest("hex");
}

/**
 * What an audit record's details may give the chain as they are: ids (uuids, and lists of them), SHA-256 digests,
 * numbers and booleans. Everything else (names, labels, excerpts) enters only through the digest of the whole.
 */
export function idFacts(data: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (isIdLike(value) || (Array.isArray(value) && value.length <= 50 && value.every(isIdLike))) kept[key] = value;
  }
  return kept;
}

const SHA256 = /^[0-9a-f]{64}$/;

const isIdLike = (value: unknown) =>
  (typeof value === "string" && (isUuid(value) || SHA256.test(value))) ||
  typeof value === "boolean" ||
  (typeof value === "number" && Number.isFinite(value));
