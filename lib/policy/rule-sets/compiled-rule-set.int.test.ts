import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeListener, listening, subscribe } from "@/lib/db/listener";
import { systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import type { RuleInput } from "@/lib/policy/custom/types";
import { RULE_SET_CHANNEL, compiledRuleSet } from "./compiled-rule-set";
import { saveRuleSet } from "./save-rule-set";

// Issue 33 item 6: the current rules compiled once per version and process, and another process's save reaching
// every process within 1 s. "Another process" is played by a connection of its own that stores a version and
// NOTIFYs as a save in another process does (./store-version.ts); a version stored without the NOTIFY shows that
// what answers is the cache.

let world: SeededWorld;
let other: pg.Client;
/** The saves this process has heard of on the channel, as the cache hears them. */
let heard = 0;

/** Waits until the NOTIFYs of `count` saves have arrived, so none still in flight evicts what a test then caches. */
async function heardSaves(count: number) {
  const started = Date.now();
  while (heard < count && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(heard).toBe(count);
}

const input = (texts: string[]): RuleInput => ({
  bot: { id: world.bots[0]!.id, handle: world.bots[0]!.handle },
  conversationLabels: [],
  contact: null,
  workspaceTimeZone: "UTC",
  texts,
  attachmentCount: 0,
  blockTypes: [],
  now: new Date("2026-11-27T12:00:00Z"),
});
const blockLinks = (reason: string) => ({
  rules: [{ slug: "no-links", match: { content: [{ kind: "links" }] }, outcome: { block: { reason } } }],
});

/** Stores the next version from the other connection, as another process's save would, with or without its NOTIFY. */
async function storeElsewhere(rules: unknown, { notify }: { notify: boolean }) {
  await other.query("BEGIN");
  await other.query(
    `INSERT INTO policy_rule_set_versions (workspace_id, version, rules, reason)
     SELECT $1::uuid, COALESCE(max(version), 0) + 1, $2::jsonb, 'elsewhere' FROM policy_rule_set_versions WHERE workspace_id = $1`,
    [world.workspace.id, JSON.stringify(rules)],
  );
  if (notify) await other.query("SELECT pg_notify($1, $2)", [RULE_SET_CHANNEL, world.workspace.id]);
  await other.query("COMMIT");
}

beforeAll(async () => {
  world = await seedWorld();
  other = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await other.connect();
  // This brings the process's LISTEN connection up before the cache first asks: the cache must subscribe all the same.
  await subscribe(RULE_SET_CHANNEL, { handler: (workspaceId) => void (workspaceId === world.workspace.id && heard++) });
});

afterAll(async () => {
  await other.end();
  await closeListener();
});

describe("compiledRuleSet", () => {
  it("answers no version and no verdict before any save, then the saved version's verdicts", async () => {
    const none = await compiledRuleSet(world.workspace.id);
    expect(none.version).toBeNull();
    expect(none.evaluate(input(["see https://example.com"]))).toBeNull();

    await saveRuleSet(systemActor, { workspaceId: world.workspace.id, rules: blockLinks("first"), reason: "links" });
    const first = await compiledRuleSet(world.workspace.id);
    expect(first.version).toBe(1);
    expect(first.evaluate(input(["see https://example.com"]))).toMatchObject({
      outcome: "blocked",
      message: "first",
      rule: { slug: "no-links", reason: "rule:no-links" },
    });
    expect(first.evaluate(input(["no link here"]))).toBeNull();
    expect(listening()).toBe(true);
  });

  it("compiles once: the same compiled set answers until a save is heard", async () => {
    await heardSaves(1); // the first test's save, heard by this process too
    const a = await compiledRuleSet(world.workspace.id);
    const b = await compiledRuleSet(world.workspace.id);
    expect(b).toBe(a);
    // Stored elsewhere without a NOTIFY: this process keeps its compiled version (what answers is the cache).
    await storeElsewhere(blockLinks("unheard"), { notify: false });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await compiledRuleSet(world.workspace.id)).version).toBe(a.version);
  });

  it("forgets the compiled set when another connection's save NOTIFYs, within a second", async () => {
    const before = await compiledRuleSet(world.workspace.id);
    await storeElsewhere(blockLinks("heard"), { notify: true });
    const started = Date.now();
    let now = await compiledRuleSet(world.workspace.id);
    while (now.version === before.version && Date.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      now = await compiledRuleSet(world.workspace.id);
    }
    expect(now.version).toBe(before.version! + 2); // the unheard version and the heard one
    expect(Date.now() - started).toBeLessThan(1000);
    expect(now.evaluate(input(["https://example.com"]))).toMatchObject({ outcome: "blocked", message: "heard" });
  });

  it("a save in this process is seen at once", async () => {
    const before = await compiledRuleSet(world.workspace.id);
    const saved = await saveRuleSet(systemActor, {
      workspaceId: world.workspace.id,
      rules: blockLinks("here"),
      reason: "here",
    });
    const now = await compiledRuleSet(world.workspace.id);
    expect(now.version).toBe(saved.version);
    expect(now).not.toBe(before);
  });
});
