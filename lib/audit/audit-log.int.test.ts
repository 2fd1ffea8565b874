import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import { beforeAll, describe, expect, it } from "vitest";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { db, pool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { sendMessage } from "@/lib/messages/send-message";
import { ApiError } from "@/lib/errors";
import { updateContact } from "@/lib/contacts/update-contact";
import { person } from "@/lib/people/actor";
import { redeemRecoveryCode, regenerateRecoveryCodes } from "@/lib/factors/recovery-codes";
import { revokeOtherSessions } from "@/lib/sessions/revoke-session";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { cli } from "@/test/cli";
import { appendAuditLog } from "./audit-log";
import { entryHash, GENESIS } from "./chain";
import { listCheckpoints, verifyAuditLog, writeCheckpoint } from "./checkpoints";
import { readChain } from "./read-chain";
import { sealAuditLog } from "./seal-audit-log";
import { auditSigningKey, parsePublicKey } from "./signing-key";

// The audit chain in the database (issue 34, docs/decisions/035-audit-chain.md): what the writers put in it, the
// sealer, the checkpoints, what the database refuses, and `cli audit verify` naming an entry that was changed,
// deleted or inserted by someone who went around the database's refusals (a superuser disabling the trigger).

let world: SeededWorld;
// Words no id or hex digest can contain by chance (a digit string can: hex digests are full of them).
const SECRET_TEXT = "Your parcel word is quokka, Mrs Example";

/** As a superuser with the guard trigger off: what the chain must detect, since the trigger can be dropped. */
async function tamper(statements: string[]) {
  const client = await pool().connect();
  try {
    await client.query("ALTER TABLE audit_log DISABLE TRIGGER USER");
    for (const text of statements) await client.query(text);
  } finally {
    await client.query("ALTER TABLE audit_log ENABLE TRIGGER USER");
    client.release();
  }
}

/** Restores the rows tampered with: each test breaks a chain that was whole. */
async function snapshot() {
  const rows = await sql().unchecked("SELECT * FROM audit_log ORDER BY id");
  return async () =>
    tamper([
      "DELETE FROM audit_log",
      `INSERT INTO audit_log SELECT * FROM jsonb_populate_recordset(NULL::audit_log, '${JSON.stringify(rows).replaceAll("'", "''")}')`,
    ]);
}

beforeAll(async () => {
  world = await seedWorld();
  const bot = (await authenticateBot(world.bots[0]!.api_key))!;
  const conversationId = world.conversations.find((c) => c.bot_ids.includes(bot.id))!.id;
  // Sent or held, or refused by the policy (an ApiError): each is a decision the chain keeps.
  await sendMessage(bot, { conversationId, input: { body: SECRET_TEXT, blocks: undefined } }).catch((error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
  });
  await updateContact(person(world.people[0]!.id, "web"), {
    contactId: world.contacts[0]!.id,
    details: { name: "Mrs Example Renamed", email: "mrs@example.com", phone: "" },
  });
});

describe("writers", () => {
  it("a bot's send enters the chain as its policy decision: ids, codes and the content's digest, never its text", async () => {
    const decided = await db().auditLogEntry.findMany({ where: { kind: "policy.decided", workspaceId: world.workspace.id } });
    expect(decided.length).toBeGreaterThanOrEqual(1);
    const entry = decided.find((e) => e.actorId === world.bots[0]!.id)!;
    expect(entry).toMatchObject({ actorType: "bot", subjectType: expect.stringMatching(/^(message|draft|attempt)$/) });
    expect(entry.facts).toMatchObject({ mode: "send", outcome: expect.any(String), contentSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const everything = JSON.stringify(await sql().unchecked("SELECT to_jsonb(a) FROM audit_log a"));
    expect(everything).not.toContain("quokka");
    expect(everything).not.toContain("Mrs Example");
  });

  it("an audit record enters the chain by its ids and the digest of its details, which binds the readable record", async () => {
    const events = await db().auditEvent.findMany({ where: { workspaceId: world.workspace.id } });
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      const entry = await db().auditLogEntry.findFirstOrThrow({ where: { facts: { path: ["event"], equals: event.id } } });
      expect(entry.kind).toBe(event.action);
      const detail = createHash("sha256").update(canonicalize(event.data)!).digest("hex");
      expect((entry.facts as { detail: string }).detail).toBe(detail);
    }
  });

  it("an account's security changes are in the chain by ids: recovery codes made and used, sessions signed out", async () => {
    const ben = world.people[1]!.id;
    const [code] = await regenerateRecoveryCodes(ben);
    expect(await redeemRecoveryCode({ userId: ben, code: code! })).toBe(true);
    expect(await redeemRecoveryCode({ userId: ben, code: code! })).toBe(false);
    await revokeOtherSessions(person(ben, "web"), { keep: null });
    const kinds = (await db().auditLogEntry.findMany({ where: { actorId: ben, workspaceId: null }, orderBy: { id: "asc" } }))
      .map((e) => e.kind);
    expect(kinds).toEqual(["factor.recovery_codes_made", "factor.recovery_code_used", "session.revoked_others"]);
  });

  it("a person's creation with a role is a role change in the chain", async () => {
    const made = await db().auditLogEntry.findMany({ where: { kind: "membership.created", workspaceId: world.workspace.id } });
    expect(made.map((e) => (e.facts as { role: string }).role).sort()).toEqual(["admin", "member"]);
  });
});

describe("the sealer", () => {
  it("seals every entry into one chain of consecutive seqs whose hashes each follow the one before", async () => {
    const { sealed, head } = await sealAuditLog();
    expect(sealed).toBeGreaterThan(0);
    const chain = [];
    for await (const entry of readChain()) chain.push(entry);
    expect(chain.map((e) => e.seq)).toEqual(chain.map((_, i) => i + 1));
    expect(chain[0]!.prevHash).toBe(GENESIS);
    for (const [i, entry] of chain.entries()) {
      expect(entry.hash).toBe(entryHash(entry, { prevHash: i === 0 ? GENESIS : chain[i - 1]!.hash }));
    }
    expect(head).toEqual({ seq: chain.length, hash: chain.at(-1)!.hash });
    // A walk from the middle starts exactly there, a page at a time.
    const from = [];
    for await (const entry of readChain({ fromSeq: 3, pageSize: 2 })) from.push(entry.seq);
    expect(from).toEqual(chain.slice(2).map((e) => e.seq));
    expect(await db().auditLogEntry.count({ where: { seq: null } })).toBe(0);
  });

  it("an entry whose transaction is open while a batch seals is sealed by a later batch, after entries with higher ids", async () => {
    const client = await pool().connect();
    try {
      await client.query("BEGIN");
      await client.query(
        "INSERT INTO audit_log (kind, actor_type, subject_type, facts) VALUES ('test.slow', 'system', 'test', '{}')",
      );
      await appendAuditLog(sql(), { kind: "test.fast", workspaceId: null, actor: { type: "system", id: null }, subject: { type: "test", id: null }, facts: {} });
      await sealAuditLog(); // sees test.fast only
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    await sealAuditLog();
    const [fast, slow] = await Promise.all(
      ["test.fast", "test.slow"].map((kind) => db().auditLogEntry.findFirstOrThrow({ where: { kind } })),
    );
    expect(slow!.id).toBeLessThan(fast!.id);
    expect(slow!.seq).toBe(fast!.seq! + 1n);
    expect((await verifyAuditLog()).broken).toBeNull();
  });

  it("one sealer at a time: sealers racing give each entry one place", async () => {
    for (let i = 0; i < 50; i++)
      await appendAuditLog(sql(), { kind: "test.race", workspaceId: null, actor: { type: "system", id: null }, subject: { type: "test", id: String(i) }, facts: { i } });
    await Promise.all([sealAuditLog(), sealAuditLog(), sealAuditLog()]);
    await sealAuditLog();
    expect(await db().auditLogEntry.count({ where: { seq: null } })).toBe(0);
    expect((await verifyAuditLog()).broken).toBeNull();
  });
});

describe("what the database refuses", () => {
  it("changing a sealed entry, deleting any, truncating, and changing a checkpoint", async () => {
    await writeCheckpoint();
    const refusal = /never (changed|deleted)|written once/;
    await expect(sql().unchecked("UPDATE audit_log SET kind = 'x.y' WHERE seq = 1")).rejects.toThrow(refusal);
    await expect(sql().unchecked("DELETE FROM audit_log WHERE seq = 1")).rejects.toThrow(refusal);
    await expect(sql().unchecked("TRUNCATE audit_log")).rejects.toThrow(refusal);
    await expect(sql().unchecked("UPDATE audit_checkpoints SET hash = 'x'")).rejects.toThrow(refusal);
    await expect(sql().unchecked("DELETE FROM audit_checkpoints")).rejects.toThrow(refusal);
  });

  it("an unsealed entry only gets its place: its content cannot be changed before sealing either", async () => {
    await appendAuditLog(sql(), { kind: "test.pending", workspaceId: null, actor: { type: "system", id: null }, subject: { type: "test", id: null }, facts: {} });
    await expect(sql().unchecked("UPDATE audit_log SET facts = '{\"x\":1}' WHERE kind = 'test.pending'")).rejects.toThrow(/never changed/);
    await sealAuditLog();
  });
});

describe("checkpoints", () => {
  it("sign the head when it moved, with the key whose public half `cli audit public-key` prints", async () => {
    await appendAuditLog(sql(), { kind: "test.more", workspaceId: null, actor: { type: "system", id: null }, subject: { type: "test", id: null }, facts: {} });
    const { checkpoint } = await writeCheckpoint();
    const again = await writeCheckpoint();
    expect(again.checkpoint).toEqual(checkpoint);
    const printed = JSON.parse((await cli("audit", "public-key")).stdout);
    expect(printed.keyId).toBe(checkpoint!.keyId);
    expect(printed.keyId).toBe(auditSigningKey().keyId);
    const verdict = await verifyAuditLog({ publicKeys: [parsePublicKey(printed.publicKey)] });
    expect(verdict).toMatchObject({ broken: null, checkpoints: (await listCheckpoints()).length });
  });
});

describe("cli audit verify", () => {
  const verify = async (...extra: string[]) => cli("audit", "verify", "--no-seal", ...extra);

  it("passes a whole chain", async () => {
    const res = await verify();
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ ok: true, entries: expect.any(Number), checkpoints: expect.any(Number) });
  });

  it("names an entry changed directly in the database", async () => {
    const restore = await snapshot();
    await tamper(["UPDATE audit_log SET facts = jsonb_set(facts, '{outcome}', '\"sent\"') WHERE seq = 3"]);
    const res = await verify();
    expect(res.code).toBe(1);
    expect(JSON.parse(res.stderr).error).toMatchObject({ code: "audit_chain_broken", message: expect.stringContaining("seq 3: changed") });
    await restore();
    expect((await verify()).code).toBe(0);
  });

  it("names the first entry deleted: a gap, or the rest renumbered down", async () => {
    const restore = await snapshot();
    await tamper(["DELETE FROM audit_log WHERE seq = 4"]);
    expect((await verify()).stderr).toContain("seq 4: deleted");
    await tamper(["UPDATE audit_log SET seq = -(seq - 1) WHERE seq > 4", "UPDATE audit_log SET seq = -seq WHERE seq < 0"]);
    expect((await verify()).stderr).toContain("seq 4: deleted");
    await restore();
  });

  it("names an entry inserted: the rest renumbered up to make room", async () => {
    const restore = await snapshot();
    const [five] = await sql().unchecked<{ prev_hash: string }>("SELECT prev_hash FROM audit_log WHERE seq = 5");
    // A well-formed entry, its hash right and linked to the one before: only what follows gives it away.
    const forged = {
      seq: 5,
      at: "2026-01-01T00:00:00.000Z",
      kind: "draft.approved",
      workspaceId: null,
      actor: { type: "system", id: null },
      subject: { type: "draft", id: null },
      facts: {},
    };
    const hash = entryHash(forged, { prevHash: five!.prev_hash });
    await tamper([
      "UPDATE audit_log SET seq = -(seq + 1) WHERE seq >= 5",
      "UPDATE audit_log SET seq = -seq WHERE seq < 0",
      `INSERT INTO audit_log (at, kind, actor_type, subject_type, facts, seq, prev_hash, hash)
       VALUES ('${forged.at}', 'draft.approved', 'system', 'draft', '{}', 5, '${five!.prev_hash}', '${hash}')`,
    ]);
    const res = await verify();
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("seq 5: inserted");
    await restore();
  });

  it("a rewrite that computes every later hash again passes the walk and is caught by the signed checkpoint", async () => {
    const restore = await snapshot();
    const chain = [];
    for await (const entry of readChain()) chain.push(entry);
    const checkpoint = (await listCheckpoints())[0]!;
    // Rewrites entry 2 and every hash after it, up to the head, as an attacker with the database would.
    let prevHash = chain[0]!.hash;
    const statements: string[] = [];
    for (const entry of chain.slice(1)) {
      const facts = entry.seq === 2 ? { ...entry.facts, forged: true } : entry.facts;
      const hash = entryHash({ ...entry, facts }, { prevHash });
      statements.push(
        `UPDATE audit_log SET facts = '${JSON.stringify(facts).replaceAll("'", "''")}', prev_hash = '${prevHash}', hash = '${hash}' WHERE id = ${entry.id}`,
      );
      prevHash = hash;
    }
    await tamper(statements);
    const res = await verify();
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("seq 1: changed");
    expect(res.stderr).toContain(`by seq ${checkpoint.seq}`);
    await restore();
  });

  it("refuses a checkpoint signed by a key it does not trust", async () => {
    const other = parsePublicKey(Buffer.alloc(32, 7).toString("base64url"));
    const raw = other.export({ format: "jwk" }).x!;
    const res = await verify("--public-key", raw);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("not signed by a known key");
  });
});

describe("cli audit export", () => {
  it("streams JSON lines from a time on, each verifiable with any RFC 8785 implementation", async () => {
    const res = await cli("audit", "export", "--since", "2000-01-01T00:00:00Z", "--format", "jsonl");
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split("\n").map((line) => JSON.parse(line));
    expect(lines.length).toBe(await db().auditLogEntry.count());
    let prevHash = GENESIS;
    for (const line of lines) {
      expect(line.prevHash).toBe(prevHash);
      const { hash, ...entry } = line;
      const digest = createHash("sha256").update(Buffer.from(prevHash, "hex")).update(canonicalize(entry)!).digest("hex");
      expect(hash).toBe(digest);
      prevHash = hash;
    }
    const later = await cli("audit", "export", "--since", "2999-01-01T00:00:00Z");
    expect(later).toMatchObject({ code: 0, stdout: "" });
    expect((await cli("audit", "export", "--since", "soon")).code).toBe(2);
    expect((await cli("audit", "export", "--since", "2000-01-01", "--format", "csv")).code).toBe(2);
  });
});
