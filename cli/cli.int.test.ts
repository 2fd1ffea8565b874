import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { api, idem } from "@/test/api/client";

// The CLI as a real child process, on this test file's database.
const run = promisify(execFile);

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run("node_modules/.bin/tsx", ["cli/main.ts", ...args], { env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

interface World {
  workspace: { id: string; slug: string };
  people: { id: string; email: string; password: string; handle: string }[];
  contacts: { id: string; name: string }[];
  bots: { id: string; handle: string; name: string; api_key: string; signing_secret: string; established: boolean }[];
  conversations: { id: string; title: string; contact_id: string; bot_ids: string[] }[];
}

describe("npm run cli", () => {
  let world: World;

  it("seed --json prints a fresh demo world of the documented shape, and another call makes another", async () => {
    const { code, stdout } = await cli("seed", "--json");
    expect(code).toBe(0);
    world = JSON.parse(stdout) as World;
    expect(world.workspace).toEqual({ id: expect.any(String), slug: expect.any(String) });
    expect(world.people.length).toBeGreaterThanOrEqual(2);
    for (const p of world.people) expect(p).toMatchObject({ id: expect.any(String), email: expect.stringContaining("@"), password: expect.any(String), handle: expect.any(String) });
    expect(world.contacts.length).toBeGreaterThanOrEqual(2);
    expect(world.bots).toHaveLength(2);
    expect(world.bots.filter((b) => b.established)).toHaveLength(1);
    for (const b of world.bots) {
      expect(b.api_key).toMatch(/^amk_/);
      expect(b.signing_secret.length).toBeGreaterThanOrEqual(32);
      expect(world.conversations.some((c) => c.bot_ids.includes(b.id))).toBe(true);
    }
    expect(world.conversations).toHaveLength(3);
    for (const c of world.conversations) expect(world.contacts.map((x) => x.id)).toContain(c.contact_id);
    const established = world.bots.find((b) => b.established)!;
    expect(world.conversations.filter((c) => c.bot_ids.includes(established.id))).toHaveLength(2);
    // The printed key works against the API at once.
    expect((await api("GET", "/me", { key: established.api_key })).body.bot.id).toBe(established.id);

    const second = JSON.parse((await cli("seed", "--json")).stdout) as World;
    expect(second.workspace.id).not.toBe(world.workspace.id);
  });

  it("bot create prints the bot with its key once; an invalid webhook URL fails clearly and creates nothing", async () => {
    const ok = await cli("bot", "create", "--workspace", world.workspace.slug, "--handle", "cli-made", "--name", "CLI made", "--established", "--json");
    expect(ok.code).toBe(0);
    const bot = JSON.parse(ok.stdout);
    expect(bot).toMatchObject({ handle: "cli-made", name: "CLI made", established: true, api_key: expect.stringMatching(/^amk_/) });
    const bad = await cli("bot", "create", "--workspace", world.workspace.slug, "--handle", "cli-bad", "--name", "Bad", "--webhook-url", "ftp://example.com", "--json");
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stderr).error).toMatchObject({ code: "invalid_body", message: expect.stringContaining("https") });
    expect(await db().bot.count({ where: { handle: "cli-bad" } })).toBe(0);
  });

  it("draft approve as a person sends the held message under the bot's label", async () => {
    const scheduler = world.bots.find((b) => !b.established)!;
    const conversation = world.conversations.find((c) => c.bot_ids.includes(scheduler.id))!;
    const held = await api("POST", `/conversations/${conversation.id}/messages`, { key: scheduler.api_key, body: { body: "Tuesday at 10?" }, idempotencyKey: idem() });
    expect(held.status).toBe(202);
    const res = await cli("draft", "approve", held.body.data.approval_id, "--body", "Tuesday at 11?", "--as", world.people[0]!.email);
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(out.message).toMatchObject({ body: "Tuesday at 11?", sender_bot_id: scheduler.id });
    expect(out.draft).toMatchObject({ status: "approved", edited: true });
    const audit = await db().auditEvent.findFirstOrThrow({ where: { subjectId: held.body.data.approval_id } });
    expect(audit.via).toBe("cli");
  });

  it("person actions: opt out, take over, pause; errors for an unknown person", async () => {
    const [ana, ben] = world.people as [World["people"][number], World["people"][number]];
    const conversation = world.conversations[1]!;
    expect((await cli("optout", "--conversation", conversation.id, "--as", ben.email)).code).toBe(0);
    const helper = world.bots.find((b) => b.established)!;
    const refused = await api("POST", `/conversations/${conversation.id}/messages`, { key: helper.api_key, body: { body: "hi" }, idempotencyKey: idem() });
    expect(refused.status).toBe(409);
    expect((await cli("optin", "--conversation", conversation.id, "--as", ben.email)).code).toBe(0);
    expect((await cli("conversation", "takeover", conversation.id, "--as", ana.email)).code).toBe(0);
    const held = await api("POST", `/conversations/${conversation.id}/messages`, { key: helper.api_key, body: { body: "hi" }, idempotencyKey: idem() });
    expect(held.body.data.reasons).toEqual(["conversation_taken_over"]);
    const unknown = await cli("conversation", "release", conversation.id, "--as", "nobody@example.com");
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr).error.message).toContain("nobody@example.com");
  });

  it("exits 2 with usage for an unknown command or a missing flag", async () => {
    const unknown = await cli("frobnicate");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command");
    const missing = await cli("message", "post", "--conversation", world.conversations[0]!.id);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--");
  });
});
