import { createHash, sign, verify, type KeyObject } from "node:crypto";
import canonicalize from "canonicalize";
import { walkChain, type ChainBreak, type SealedEntry, type WalkOptions } from "./chain";

// Signed checkpoints of the audit chain (issue 34, docs/decisions/035-audit-chain.md): the head's `seq` and hash at a
// time, signed with Ed25519 over their canonical JSON. A rewrite that computes every later hash again passes a walk
// of the chain; it cannot pass a checkpoint, whose signature it cannot make. Pure: the key is given.

export interface Checkpoint {
  seq: number;
  hash: string;
  /** ISO 8601. */
  at: string;
  /** The signing key's id (keyIdOf), so a rotated key's checkpoints still verify. */
  keyId: string;
  /** Ed25519 signature, base64. */
  signature: string;
}

/** A public key's id: the first 16 hex digits of the SHA-256 of its raw 32 bytes. */
export function keyIdOf(publicKey: KeyObject): string {
  const raw = Buffer.from(publicKey.export({ format: "jwk" }).x ?? "", "base64url");
  return createHash("sha256").update(raw).digest("hex").slice(0, 16);
}

const signed = (head: { seq: number; hash: string; at: string }) =>
  Buffer.from(canonicalize({ seq: head.seq, hash: head.hash, at: head.at }) ?? "", "utf8");

/** Signs the head. */
export function signCheckpoint(
  head: { seq: number; hash: string; at: string },
  { privateKey, publicKey }: { privateKey: KeyObject; publicKey: KeyObject },
): Checkpoint {
  return { ...head, keyId: keyIdOf(publicKey), signature: sign(null, signed(head), privateKey).toString("base64") };
}

/** Whether a checkpoint was signed by one of `publicKeys` (by id) over exactly its seq, hash and time. */
export function checkpointSigned(checkpoint: Checkpoint, { publicKeys }: { publicKeys: KeyObject[] }): boolean {
  const key = publicKeys.find((candidate) => keyIdOf(candidate) === checkpoint.keyId);
  if (!key) return false;
  try {
    return verify(null, signed(checkpoint), key, Buffer.from(checkpoint.signature, "base64"));
  } catch {
    return false;
  }
}

export interface ChainVerdict {
  entries: number;
  head: { seq: number; hash: string };
  checkpoints: number;
  broken: ChainBreak | null;
}

/**
 * Walks the chain and holds it against the checkpoints (each must be signed, and the chain must have its hash at its
 * seq); the first break of either is named. A checkpoint the chain does not reach is a deletion from the end.
 */
export async function verifyChain(
  entries: AsyncIterable<SealedEntry> | Iterable<SealedEntry>,
  {
    checkpoints,
    publicKeys,
    start,
  }: { checkpoints: Checkpoint[]; publicKeys: KeyObject[]; start?: WalkOptions["start"] },
): Promise<ChainVerdict> {
  const ordered = [...checkpoints].sort((a, b) => a.seq - b.seq);
  const walk = await walkChain(entries, { start, remember: new Set(ordered.map((c) => c.seq)) });
  const verdict = { entries: walk.entries, head: walk.head, checkpoints: ordered.length, broken: walk.broken };
  let lastGood = start ? start.seq - 1 : 0;
  for (const checkpoint of ordered) {
    const found = walk.at.get(checkpoint.seq);
    // Past the break, the walk has no hashes to compare: the break found first is named.
    if (walk.broken && checkpoint.seq >= walk.broken.seq) break;
    if (!checkpointSigned(checkpoint, { publicKeys }))
      return {
        ...verdict,
        broken: {
          seq: checkpoint.seq,
          kind: "changed",
          detail: `the checkpoint at seq ${checkpoint.seq} is not signed by a known key`,
        },
      };
    if (found === undefined)
      return {
        ...verdict,
        broken: {
          seq: walk.head.seq + 1,
          kind: "deleted",
          detail: `the chain ends at seq ${walk.head.seq}; a checkpoint signed seq ${checkpoint.seq}`,
        },
      };
    if (found !== checkpoint.hash)
      return {
        ...verdict,
        broken: {
          seq: lastGood + 1,
          kind: "changed",
          detail: `the chain was rewritten after seq ${lastGood} and by seq ${checkpoint.seq}: its hash there is not the one signed ${checkpoint.at}`,
        },
      };
    lastGood = checkpoint.seq;
  }
  return verdict;
}
