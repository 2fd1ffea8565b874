import { query, sql as poolSql } from "@/lib/db/sql";
import type { SealedEntry } from "./chain";
import { readChain } from "./read-chain";

// The audit chain for a SIEM (`cli audit export --since ... --format jsonl`): the sealed entries from the first one
// at or after `since`, in chain order, each with its seq and hashes, so whoever receives them can verify the span
// (its first entry's prev_hash against a checkpoint or an earlier export) with any RFC 8785 implementation. The span
// is contiguous: an entry sealed late (its transaction was open when an earlier batch sealed) stays in its place,
// even if its time is a little before `since`.

const FIRST_SINCE = query("auditLog.firstSince", {
  text: "SELECT min(seq) AS seq FROM audit_log WHERE seq IS NOT NULL AND at >= $1::timestamptz",
});

export async function* exportAuditLog({ since }: { since: Date }): AsyncGenerator<SealedEntry> {
  const [first] = await poolSql().query(FIRST_SINCE, [since.toISOString()]);
  if (first?.seq == null) return;
  for await (const { id: _id, ...entry } of readChain({ fromSeq: Number(first.seq) })) yield entry;
}
