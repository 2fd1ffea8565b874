import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalEntry, entryHash, GENESIS, sealEntries, walkChain, type ChainEntry, type SealedEntry } from "./chain";
import { checkpointSigned, signCheckpoint, verifyChain, type Checkpoint } from "./checkpoint";

// The audit chain's arithmetic (issue 34, docs/decisions/035-audit-chain.md): an entry's hash covers the one before
// it and its own canonical JSON; a walk names the first entry changed, deleted or inserted; a rewrite that computes
// the hashes again is caught by the signed checkpoints.

const entry = (seq: number): ChainEntry => ({
  seq,
  at: new Date(Date.UTC(2026, 10, 27, 12, 0, seq)).toISOString(),
  kind: seq % 3 === 0 ? "draft.approved" : "policy.decision",
  workspaceId: "6f1c2a7e-0000-4000-8000-000000000001",
  actor: { type: "person", id: "6f1c2a7e-0000-4000-8000-0000000000aa" },
  subject: { type: "draft", id: `6f1c2a7e-0000-4000-8000-${String(seq).padStart(12, "0")}` },
  facts: { content_sha256: `${seq}`.repeat(4).padEnd(64, "0").slice(0, 64), outcome: seq % 2 ? "sent" : "held" },
});
const chain = (n: number) =>
  sealEntries(
    Array.from({ length: n }, (_, i) => entry(i + 1)),
    { after: GENESIS },
  );
const keys = () => generateKeyPairSync("ed25519");

describe("the chain's hashes", () => {
  it("cover the entry's canonical JSON (RFC 8785: keys sorted, no spaces) and the hash before it", () => {
    const first = entry(1);
    const text = canonicalEntry({ ...first, facts: { b: 1, a: "é" } }, { prevHash: GENESIS });
    expect(text.startsWith('{"actor":{"id":')).toBe(true);
    expect(text).toContain('"facts":{"a":"é","b":1}');
    // Key order in the object does not matter; the hash before it does.
    const reordered = Object.fromEntries(Object.entries(first).reverse()) as unknown as ChainEntry;
    expect(entryHash(reordered, { prevHash: GENESIS })).toBe(entryHash(first, { prevHash: GENESIS }));
    expect(entryHash(first, { prevHash: "1".repeat(64) })).not.toBe(entryHash(first, { prevHash: GENESIS }));
    const sealed = chain(3);
    expect(sealed[1]!.prevHash).toBe(sealed[0]!.hash);
    expect(sealed[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("walkChain", () => {
  it("walks an intact chain to its head", async () => {
    const sealed = chain(50);
    const walk = await walkChain(sealed, { remember: new Set([10, 50]) });
    expect(walk).toMatchObject({ entries: 50, broken: null, head: { seq: 50, hash: sealed[49]!.hash } });
    expect(walk.at.get(10)).toBe(sealed[9]!.hash);
  });

  it("names an entry whose content was changed", async () => {
    const sealed = chain(20);
    sealed[6] = { ...sealed[6]!, facts: { ...sealed[6]!.facts, outcome: "blocked" } };
    expect((await walkChain(sealed)).broken).toMatchObject({ seq: 7, kind: "changed" });
  });

  it("names an entry changed with its hash computed again, by the one after it", async () => {
    const sealed = chain(20);
    const forged = { ...sealed[6]!, kind: "draft.rejected" };
    sealed[6] = { ...forged, hash: entryHash(forged, { prevHash: forged.prevHash }) };
    expect((await walkChain(sealed)).broken).toMatchObject({ seq: 7, kind: "changed" });
  });

  it("names the first entry deleted, whether the rest were renumbered or not", async () => {
    const gap = chain(20).filter((e) => e.seq !== 8 && e.seq !== 9);
    expect((await walkChain(gap)).broken).toMatchObject({
      seq: 8,
      kind: "deleted",
      detail: "seq 8 to 9 missing before seq 10",
    });
    const renumbered = chain(20)
      .filter((e) => e.seq !== 8)
      .map((e) => (e.seq > 8 ? { ...e, seq: e.seq - 1 } : e));
    expect((await walkChain(renumbered)).broken).toMatchObject({ seq: 8, kind: "deleted" });
  });

  it("names an entry inserted: a seq that comes again, or the rest renumbered around it", async () => {
    const sealed = chain(20);
    const extra: SealedEntry = { ...sealed[4]!, kind: "role.changed" };
    const twice = [
      ...sealed.slice(0, 5),
      { ...extra, hash: entryHash(extra, { prevHash: extra.prevHash }) },
      ...sealed.slice(5),
    ];
    expect((await walkChain(twice)).broken).toMatchObject({ seq: 5, kind: "inserted" });

    const inserted = { ...entry(6), kind: "role.changed" };
    const linked = { ...inserted, prevHash: sealed[4]!.hash, hash: entryHash(inserted, { prevHash: sealed[4]!.hash }) };
    const moved = [...sealed.slice(0, 5), linked, ...sealed.slice(5).map((e) => ({ ...e, seq: e.seq + 1 }))];
    expect((await walkChain(moved)).broken).toMatchObject({ seq: 6, kind: "inserted" });
  });

  it("starts from a signed point when older entries were pruned", async () => {
    const sealed = chain(30);
    const walk = await walkChain(sealed.slice(10), { start: { seq: 11, hash: sealed[9]!.hash } });
    expect(walk).toMatchObject({ entries: 20, broken: null, head: { seq: 30 } });
    expect((await walkChain(sealed.slice(11), { start: { seq: 11, hash: sealed[9]!.hash } })).broken).toMatchObject({
      seq: 11,
      kind: "deleted",
    });
  });
});

describe("checkpoints", () => {
  const now = "2026-11-27T12:10:00.000Z";

  it("are signed over seq, hash and time, by a key known by its id", () => {
    const key = keys();
    const checkpoint = signCheckpoint({ seq: 10, hash: "a".repeat(64), at: now }, key);
    expect(checkpointSigned(checkpoint, { publicKeys: [key.publicKey] })).toBe(true);
    expect(checkpointSigned({ ...checkpoint, seq: 11 }, { publicKeys: [key.publicKey] })).toBe(false);
    expect(checkpointSigned({ ...checkpoint, hash: "b".repeat(64) }, { publicKeys: [key.publicKey] })).toBe(false);
    expect(checkpointSigned(checkpoint, { publicKeys: [keys().publicKey] })).toBe(false);
    expect(checkpointSigned({ ...checkpoint, signature: "not base64 at all" }, { publicKeys: [key.publicKey] })).toBe(
      false,
    );
  });

  it("catch a rewrite that computed every hash again, naming the span after the last good checkpoint", async () => {
    const key = keys();
    const sealed = chain(40);
    const checkpoints: Checkpoint[] = [10, 20, 30].map((seq) =>
      signCheckpoint({ seq, hash: sealed[seq - 1]!.hash, at: now }, key),
    );
    expect(await verifyChain(sealed, { checkpoints, publicKeys: [key.publicKey] })).toMatchObject({
      entries: 40,
      checkpoints: 3,
      broken: null,
    });

    // Entry 15 changed and everything after it sealed again: the walk passes, checkpoint 20 does not.
    const rewritten = [
      ...sealed.slice(0, 14),
      ...sealEntries([{ ...entry(15), kind: "draft.rejected" }, ...sealed.slice(15).map((e) => entry(e.seq))], {
        after: sealed[13]!.hash,
      }),
    ];
    expect((await walkChain(rewritten)).broken).toBeNull();
    expect((await verifyChain(rewritten, { checkpoints, publicKeys: [key.publicKey] })).broken).toMatchObject({
      seq: 11,
      kind: "changed",
    });

    // The tail cut off before a checkpoint: a deletion from the end.
    expect((await verifyChain(sealed.slice(0, 25), { checkpoints, publicKeys: [key.publicKey] })).broken).toMatchObject(
      {
        seq: 26,
        kind: "deleted",
      },
    );
    // A checkpoint forged with another key.
    const forged = [...checkpoints, signCheckpoint({ seq: 40, hash: sealed[39]!.hash, at: now }, keys())];
    expect((await verifyChain(sealed, { checkpoints: forged, publicKeys: [key.publicKey] })).broken).toMatchObject({
      seq: 40,
      kind: "changed",
    });
  });
});
