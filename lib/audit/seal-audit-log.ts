import { query, transaction, type Sql } from "@/lib/db/sql";
import { GENESIS, sealEntries, type ChainEntry } from "./chain";
import { chainEntryOfRow } from "./read-chain";

// The sealer (docs/decisions/035-audit-chain.md): gives committed, unsealed entries their place in the one chain,
// in batches, one sealer at a time across every process (a transaction-scoped advisory lock; a second sealer finds
// it taken and leaves). The chain's order is the sealing order: an entry whose transaction was still open when a
// batch read is invisible to it and is sealed by a later batch, whatever its id.

/** The advisory lock's key: "audit" in ASCII, so it cannot be mistaken for another lock of the app's. */
const SEALER_LOCK = 0x61756469_74;
const BATCH = 5000;

/** How often each worker runs the sealer: the longest an entry stays unsealed while a worker runs. */
export const SEAL_EVERY_MS = 5000;
/** Inngest's schedule of the sealer (graphile's workers run it every SEAL_EVERY_MS instead). */
export const SEAL_TASK = "audit_seal";
export const SEAL_CRONTAB = `* * * * * ${SEAL_TASK}`;

const LOCK = query("auditLog.sealerLock", {
  text: "SELECT pg_try_advisory_xact_lock($1::bigint) AS locked",
  notNull: ["locked"],
});
const HEAD = query("auditLog.head", {
  text: "SELECT seq, hash FROM audit_log WHERE seq IS NOT NULL ORDER BY seq DESC LIMIT 1",
  notNull: ["seq", "hash"],
});
const UNSEALED = query("auditLog.unsealed", {
  text: `SELECT id, at, kind, workspace_id, actor_type, actor_id, subject_type, subject_id, facts
    FROM audit_log WHERE seq IS NULL ORDER BY id LIMIT $1`,
});
const SEAL = query("auditLog.seal", {
  text: `UPDATE audit_log a SET seq = v.seq, prev_hash = v.prev_hash, hash = v.hash
    FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[]) AS v(id, seq, prev_hash, hash)
   WHERE a.id = v.id AND a.seq IS NULL`,
});

export interface Sealed {
  /** Entries sealed by this call. */
  sealed: number;
  /** The chain's head after it. */
  head: { seq: number; hash: string };
  /** False when another sealer held the lock (nothing was done). */
  ran: boolean;
}

/** Seals every committed unsealed entry, a batch per transaction. */
export async function sealAuditLog(): Promise<Sealed> {
  let total = 0;
  for (;;) {
    const batch = await transaction((tx) => sealBatch(tx));
    total += batch.sealed;
    if (!batch.ran || batch.sealed < BATCH) return { ...batch, sealed: total };
  }
}

async function sealBatch(tx: Sql): Promise<Sealed> {
  const [lock] = await tx.query(LOCK, [String(SEALER_LOCK)]);
  const [top] = await tx.query(HEAD);
  const head = top ? { seq: Number(top.seq), hash: top.hash } : { seq: 0, hash: GENESIS };
  if (!lock?.locked) return { sealed: 0, head, ran: false };
  const rows = await tx.query(UNSEALED, [BATCH]);
  if (rows.length === 0) return { sealed: 0, head, ran: true };
  const entries: ChainEntry[] = rows.map((row, i) => chainEntryOfRow({ ...row, seq: head.seq + 1 + i }));
  const sealed = sealEntries(entries, { after: head.hash });
  await tx.query(SEAL, [
    rows.map((row) => String(row.id)),
    sealed.map((entry) => String(entry.seq)),
    sealed.map((entry) => entry.prevHash),
    sealed.map((entry) => entry.hash),
  ]);
  const last = sealed[sealed.length - 1]!;
  return { sealed: sealed.length, head: { seq: last.seq, hash: last.hash }, ran: true };
}
