import { createHash } from "node:crypto";
import canonicalize from "canonicalize";

// The audit chain's arithmetic (issue 34, docs/decisions/035-audit-chain.md), pure: how an entry's hash is made from
// the previous entry's hash and its own canonical JSON (RFC 8785, by `canonicalize`), and how a walk over the chain
// in `seq` order finds the first entry that was changed, deleted or inserted. The sealer that writes the hashes and
// the CLI that reads the rows build on it.

/** The hash before the first entry: 64 zeros. */
export const GENESIS = "0".repeat(64);

/** What an entry says, as hashed: ids and digests only, never text or a person's details. */
export interface ChainEntry {
  seq: number;
  /** ISO 8601 time of the change. */
  at: string;
  kind: string;
  workspaceId: string | null;
  actor: { type: string; id: string | null };
  subject: { type: string; id: string | null };
  /** Ids and SHA-256 digests of what the entry is about. */
  facts: Record<string, unknown>;
}

/** An entry as stored: what it says, and the hashes the sealer wrote. */
export interface SealedEntry extends ChainEntry {
  prevHash: string;
  hash: string;
}

/** The canonical JSON of an entry with the hash it follows: what its own hash covers (never its own hash). */
export function canonicalEntry(entry: ChainEntry, { prevHash }: { prevHash: string }): string {
  const { seq, at, kind, workspaceId, actor, subject, facts } = entry;
  const text = canonicalize({ seq, at, kind, workspaceId, actor, subject, facts, prevHash });
  if (text === undefined) throw new Error(`audit entry ${entry.seq} has no JSON form`);
  return text;
}

/** SHA-256 (hex) of the previous hash's bytes followed by the entry's canonical JSON. */
export function entryHash(entry: ChainEntry, { prevHash }: { prevHash: string }): string {
  return createHash("sha256")
    .update(Buffer.from(prevHash, "hex"))
    .update(canonicalEntry(entry, { prevHash }), "utf8")
    .digest("hex");
}

/** The entries in order, each sealed after the one before: what the sealer writes. */
export function sealEntries(entries: ChainEntry[], { after }: { after: string }): SealedEntry[] {
  let prevHash = after;
  return entries.map((entry) => {
    const hash = entryHash(entry, { prevHash });
    const sealed = { ...entry, prevHash, hash };
    prevHash = hash;
    return sealed;
  });
}

/** Why a walk stopped: the first entry that is not what was sealed. */
export interface ChainBreak {
  /** The entry named: the changed or inserted one, or the first one missing. */
  seq: number;
  kind: "changed" | "deleted" | "inserted";
  detail: string;
}

export interface ChainWalk {
  /** Entries read. */
  entries: number;
  /** The last entry that checked out, or the start when none did. */
  head: { seq: number; hash: string };
  /** Hashes at the `seq`s asked for (the checkpoints'), as the walk found them. */
  at: Map<number, string>;
  broken: ChainBreak | null;
}

export interface WalkOptions {
  /** Where the walk starts: the hash before the first entry read, and that entry's `seq` (GENESIS and 1 by default). */
  start?: { seq: number; hash: string };
  /** The `seq`s whose hashes to remember (the checkpoints'). */
  remember?: Set<number>;
}

/**
 * Walks sealed entries in `seq` order (ties as stored) and stops at the first break:
 * - an entry whose content does not give its stored hash was **changed**, unless it gives it under the `seq` one
 *   below (the entries from it on were moved up: one was **inserted** before it) or one above (moved down: the one
 *   before it was **deleted**);
 * - a `seq` that skips names the first entry **deleted**; a `seq` that comes again, an entry **inserted**;
 * - an entry whose hash is right but which was sealed after another hash than the one before it: the one before it
 *   is not what was sealed there (**changed**, its hash computed again; or put in its place).
 * A rewrite that computes every later hash again passes the walk: the signed checkpoints catch it (./checkpoint.ts).
 */
export async function walkChain(
  entries: AsyncIterable<SealedEntry> | Iterable<SealedEntry>,
  options: WalkOptions = {},
): Promise<ChainWalk> {
  const start = options.start ?? { seq: 1, hash: GENESIS };
  const walk: ChainWalk = { entries: 0, head: { seq: start.seq - 1, hash: start.hash }, at: new Map(), broken: null };
  for await (const entry of entries) {
    walk.entries++;
    walk.broken = breakAt(entry, walk.head);
    if (walk.broken) break;
    walk.head = { seq: entry.seq, hash: entry.hash };
    if (options.remember?.has(entry.seq)) walk.at.set(entry.seq, entry.hash);
  }
  return walk;
}

function breakAt(entry: SealedEntry, head: { seq: number; hash: string }): ChainBreak | null {
  const expected = head.seq + 1;
  if (entry.seq <= head.seq)
    return { seq: entry.seq, kind: "inserted", detail: `seq ${entry.seq} comes again after ${head.seq}` };
  const gives = (seq: number) => entryHash({ ...entry, seq }, { prevHash: entry.prevHash }) === entry.hash;
  if (!gives(entry.seq)) {
    if (gives(entry.seq - 1))
      return {
        seq: entry.seq - 1,
        kind: "inserted",
        detail: `the entries from seq ${entry.seq - 1} on were moved up one`,
      };
    if (gives(entry.seq + 1))
      return { seq: entry.seq, kind: "deleted", detail: `the entries after seq ${entry.seq} were moved down one` };
    return { seq: entry.seq, kind: "changed", detail: "its content does not give its hash" };
  }
  if (entry.seq > expected) {
    const last = entry.seq - 1 > expected ? ` to ${entry.seq - 1}` : "";
    return { seq: expected, kind: "deleted", detail: `seq ${expected}${last} missing before seq ${entry.seq}` };
  }
  if (entry.prevHash !== head.hash)
    return {
      seq: head.seq,
      kind: "changed",
      detail: `seq ${entry.seq} was sealed after another entry than the one now at seq ${head.seq} (its hash computed again)`,
    };
  return null;
}
