import { query, sql as poolSql, type Sql } from "@/lib/db/sql";
import type { ChainEntry, SealedEntry } from "./chain";

// Reading the audit chain as stored: rows as the chain's entries (what the sealer hashed and a verify hashes again),
// streamed in (seq, id) order a page at a time, so a walk over a million entries holds one page, not a million rows.
// A repeated seq (an inserted row) is still read, after the first, and named by the walk.

/** The columns an entry's hash covers, as node-postgres returns them. */
export interface ChainRow {
  at: Date;
  kind: string;
  workspace_id: string | null;
  actor_type: string;
  actor_id: string | null;
  subject_type: string;
  subject_id: string | null;
  facts: unknown;
}

/** A stored row as the entry the chain hashes (its seq given: the sealer's, or the stored one). */
export function chainEntryOfRow(row: ChainRow & { seq: number }): ChainEntry {
  return {
    seq: row.seq,
    at: row.at.toISOString(),
    kind: row.kind,
    workspaceId: row.workspace_id,
    actor: { type: row.actor_type, id: row.actor_id },
    subject: { type: row.subject_type, id: row.subject_id },
    facts: (row.facts ?? {}) as Record<string, unknown>,
  };
}

const PAGE = query("auditLog.page", {
  text: `SELECT id, seq, prev_hash, hash, at, kind, workspace_id, actor_type, actor_id, subject_type, subject_id, facts
    FROM audit_log
   WHERE seq IS NOT NULL AND (seq, id) > ($1::bigint, $2::bigint)
   ORDER BY seq, id LIMIT $3`,
  notNull: ["seq", "prev_hash", "hash"],
});

const PAGE_SIZE = 10_000;

/** The sealed entries from `fromSeq` on, in chain order. */
export async function* readChain(
  { fromSeq = 1, pageSize = PAGE_SIZE }: { fromSeq?: number; pageSize?: number } = {},
  client: Sql = poolSql(),
): AsyncGenerator<SealedEntry & { id: string }> {
  // Past every row of seq fromSeq - 1 (the largest id there is), so the first page starts at fromSeq.
  let page = client.query(PAGE, [String(fromSeq - 1), "9223372036854775807", pageSize]);
  try {
    for (;;) {
      const rows = await page;
      const last = rows[rows.length - 1];
      // The next page is read while this one is hashed: the database's time and the walk's overlap.
      if (last && rows.length === pageSize) page = client.query(PAGE, [String(last.seq), String(last.id), pageSize]);
      for (const row of rows) {
        const entry = chainEntryOfRow({ ...row, seq: Number(row.seq) });
        yield { ...entry, prevHash: row.prev_hash, hash: row.hash, id: String(row.id) };
      }
      if (rows.length < pageSize) return;
    }
  } finally {
    // A walk that stops early (a break found, a span read) leaves a page in flight: its failure is nobody's.
    page.catch(() => {});
  }
}
