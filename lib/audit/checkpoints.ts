import type { KeyObject } from "node:crypto";
import { query, sql as poolSql } from "@/lib/db/sql";
import { signCheckpoint, verifyChain, type ChainVerdict, type Checkpoint } from "./checkpoint";
import { readChain } from "./read-chain";
import { sealAuditLog } from "./seal-audit-log";
import { auditSigningKey } from "./signing-key";

// Checkpoints of the audit chain in the database, and the verify over what is stored (docs/decisions/035): every 10
// minutes (the worker's crontab) and on demand, the sealer runs, then the head is signed if it moved since the last
// checkpoint. A verify streams the chain and holds it against every checkpoint.

export const CHECKPOINT_TASK = "audit_checkpoint";
/** graphile-worker crontab line: every 10 minutes, one job at a time (job key). */
export const CHECKPOINT_CRONTAB = `*/10 * * * * ${CHECKPOINT_TASK} ?jobKey=${CHECKPOINT_TASK}&max=3`;

const LAST = query("auditLog.lastCheckpoint", {
  text: "SELECT seq, hash, at, key_id, signature FROM audit_checkpoints ORDER BY seq DESC LIMIT 1",
});
const ALL = query("auditLog.checkpoints", {
  text: "SELECT seq, hash, at, key_id, signature FROM audit_checkpoints ORDER BY seq",
});
const INSERT = query("auditLog.insertCheckpoint", {
  text: `INSERT INTO audit_checkpoints (seq, hash, at, key_id, signature) VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (seq) DO NOTHING`,
});

type CheckpointRow = { seq: string; hash: string; at: Date; key_id: string; signature: string };
const checkpointOf = (row: CheckpointRow): Checkpoint => ({
  seq: Number(row.seq),
  hash: row.hash,
  at: row.at.toISOString(),
  keyId: row.key_id,
  signature: row.signature,
});

/** Seals what is waiting, then signs the head unless the last checkpoint already has it. */
export async function writeCheckpoint(now: Date = new Date()): Promise<{ checkpoint: Checkpoint | null; sealed: number }> {
  const { head, sealed } = await sealAuditLog();
  const [last] = await poolSql().query(LAST);
  if (head.seq === 0 || (last && Number(last.seq) >= head.seq)) return { checkpoint: last ? checkpointOf(last) : null, sealed };
  // A Date holds milliseconds, as the column does: the signed time is the stored one.
  const at = now.toISOString();
  const checkpoint = signCheckpoint({ ...head, at }, auditSigningKey());
  await poolSql().query(INSERT, [String(checkpoint.seq), checkpoint.hash, at, checkpoint.keyId, checkpoint.signature]);
  return { checkpoint, sealed };
}

/** The latest checkpoint, or null before the first. */
export async function lastCheckpoint(): Promise<Checkpoint | null> {
  const [last] = await poolSql().query(LAST);
  return last ? checkpointOf(last) : null;
}

export async function listCheckpoints(): Promise<Checkpoint[]> {
  return (await poolSql().query(ALL)).map(checkpointOf);
}

/** Walks the stored chain against the stored checkpoints, trusting `publicKeys` (the signing key's half by default). */
export async function verifyAuditLog(
  { publicKeys }: { publicKeys?: KeyObject[] } = {},
): Promise<ChainVerdict & { ms: number }> {
  const started = performance.now();
  const verdict = await verifyChain(readChain(), {
    checkpoints: await listCheckpoints(),
    publicKeys: publicKeys ?? [auditSigningKey().publicKey],
  });
  return { ...verdict, ms: Math.round(performance.now() - started) };
}
