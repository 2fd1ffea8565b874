import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, idem } from "@/test/api/client";
import { replicaPairMissing, startReplicaPair, type ReplicaPair } from "@/test/replica-pair";
import { disconnectDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { closeReplicas, readingUpToNow, replicaStats } from "@/lib/db/replicas";
import { db } from "@/lib/db/client";
import { listPersonConversations } from "@/lib/chat/list-conversations";
import { listPolicyLog } from "@/lib/chat/list-policy-log";
import { listWorkspaceBots } from "@/lib/chat/list-workspace-bots";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { createDatabaseIfMissing } from "@/lib/db/setup";
import { selectDatabase } from "@/lib/db/url";
import { reloadEnv } from "@/lib/env";
import { metrics } from "@/lib/metrics/registry";
import { systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { POLICY_BOUNDS } from "@/lib/policy/defaults";

// Reading from a streaming replica (docs/decisions/044), the machine's PostgreSQL 15, primary and replica:
// - the bot API: a bot sends, then lists the conversation, over and over; every list must hold the message just sent
//   (the send recorded the bot's WAL position, the list waited for a replica that had replayed it, or read on the
//   primary);
// - a person's pages: their lists must show every commit made before the page was asked for, a bot's as well as
//   their own (a live event re-renders the page when a bot writes), in plain SQL and through Prisma.

const missing = replicaPairMissing();
const CYCLES = 1000;
let pair: ReplicaPair;
let world: SeededWorld;

const reads = async (target: "replica" | "primary") =>
  (await metrics().databaseReads.get()).values.find((v) => v.labels.target === target)?.value ?? 0;

beforeAll(async () => {
  if (missing) return;
  pair = await startReplicaPair();
  await createDatabaseIfMissing(pair.primaryUrl, { name: "relay" });
  const database = (url: string) => Object.assign(new URL(url), { pathname: "/relay" }).toString();
  await applyMigrations(database(pair.primaryUrl));
  await disconnectDb();
  selectDatabase(database(pair.primaryUrl));
  process.env.DATABASE_READ_URLS = database(pair.replicaUrl);
  reloadEnv();
  world = await seedWorld();
  await updatePolicySettings(systemActor, {
    workspaceId: world.workspace.id,
    changes: { dailyLimit: 100_000, ratePerSecond: POLICY_BOUNDS.ratePerSecond, rateBurst: POLICY_BOUNDS.rateBurst },
  });
  // The replica has the database and the world once it has replayed them.
  const replica = new pg.Client({ connectionString: database(pair.replicaUrl) });
  for (let tries = 0; ; tries++) {
    try {
      await replica.connect();
      break;
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await replica.end();
}, 120_000);

afterAll(async () => {
  await closeReplicas();
  await disconnectDb();
  pair?.stop();
  delete process.env.DATABASE_READ_URLS;
  reloadEnv();
});

describe.skipIf(missing)(`the bot API on a read replica${missing ? ` (${missing})` : ""}`, () => {
  it(`sends then lists ${CYCLES} times, each list holding the message just sent`, async () => {
    const key = world.bots[0]!.api_key;
    const conversation = world.conversations[1]!.id;
    const [replicaBefore, primaryBefore] = [await reads("replica"), await reads("primary")];
    let after = 0;
    for (let i = 0; i < CYCLES; i++) {
      const sent = await api("POST", `/conversations/${conversation}/messages`, {
        key,
        body: { body: `cycle ${i}` },
        idempotencyKey: idem(),
      });
      expect(sent.status).toBe(201);
      const listed = await api("GET", `/conversations/${conversation}/messages?after_seq=${after}`, { key });
      expect(listed.status).toBe(200);
      const ids = (listed.body.data as { id: string }[]).map((m) => m.id);
      expect(ids).toContain(sent.body.data.id);
      after = listed.body.next_after_seq;
    }
    const [onReplica, onPrimary] = [(await reads("replica")) - replicaBefore, (await reads("primary")) - primaryBefore];
    const stats = replicaStats()!;
    console.log(
      `[replica reads] ${CYCLES} send-then-list cycles: ${onReplica} lists on the replica (${stats.waited} of them waited for its replay), ${onPrimary} on the primary ${JSON.stringify(stats.fallbacks)}`,
    );
    expect(onReplica + onPrimary).toBe(CYCLES);
    expect(onReplica).toBeGreaterThan(CYCLES / 2);
  });
});

const fallbacks = async (reason: string) =>
  (await metrics().databaseReadFallbacks.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;

describe.skipIf(missing)(`a person's pages on a read replica${missing ? ` (${missing})` : ""}`, () => {
  const PERSON_CYCLES = 150;
  const admin = () => person(world.people[0]!.id, "web");

  it(`shows a bot's message and then the person's own reply, ${PERSON_CYCLES} times, from the replica`, async () => {
    const key = world.bots[0]!.api_key;
    const conversation = world.conversations[1]!.id;
    const preview = async () => {
      const listed = await readingUpToNow(() => listPersonConversations(admin(), world.workspace.id));
      return listed.find((c) => c.id === conversation)?.last_message_preview;
    };
    const [replicaBefore, primaryBefore] = [await reads("replica"), await reads("primary")];
    for (let i = 0; i < PERSON_CYCLES; i++) {
      const sent = await api("POST", `/conversations/${conversation}/messages`, {
        key,
        body: { body: `bot says ${i}` },
        idempotencyKey: idem(),
      });
      expect(sent.status).toBe(201);
      expect(await preview()).toBe(`bot says ${i}`);
      await postPersonMessage(admin(), { conversationId: conversation, body: `person says ${i}` });
      expect(await preview()).toBe(`person says ${i}`);
    }
    const [onReplica, onPrimary] = [(await reads("replica")) - replicaBefore, (await reads("primary")) - primaryBefore];
    console.log(
      `[replica reads] ${PERSON_CYCLES * 2} conversation lists of a person, each after a bot's or their own write: ${onReplica} on the replica, ${onPrimary} on the primary`,
    );
    expect(onReplica + onPrimary).toBe(PERSON_CYCLES * 2);
    expect(onReplica).toBeGreaterThan(PERSON_CYCLES);
  });

  it("shows the policy log's newest refusal through Prisma on the replica", async () => {
    const key = world.bots[0]!.api_key;
    const conversation = world.conversations[1]!.id;
    const replicaBefore = await reads("replica");
    for (let i = 0; i < 20; i++) {
      const refused = await api("POST", `/conversations/${conversation}/messages`, {
        key,
        body: { body: `use sk_live_4eC39HqLyjWDarjtT1zdp7d${i % 10} for the API` },
        idempotencyKey: idem(),
      });
      expect(refused.status).toBe(403);
      const newest = await db().policyDecision.findFirstOrThrow({
        where: { workspaceId: world.workspace.id },
        orderBy: { createdAt: "desc" },
      });
      const log = await readingUpToNow(() => listPolicyLog(admin(), world.workspace.id));
      expect(log[0]).toMatchObject({ id: newest.id, outcome: "blocked", reasons: ["secrets_detected"] });
    }
    expect((await reads("replica")) - replicaBefore).toBeGreaterThan(10);
  });

  it("runs a Prisma read that the replica fails (it died after it was chosen) again on the primary", async () => {
    const failedBefore = await fallbacks("failed");
    let runs = 0;
    // The bots' list reads through Prisma alone (readDb).
    const bots = await readingUpToNow(async () => {
      if (runs++ === 0) pair.killReplica();
      return listWorkspaceBots(admin(), world.workspace.id);
    });
    expect(runs).toBe(2);
    expect(bots.map((b) => b.id).sort()).toEqual(world.bots.map((b) => b.id).sort());
    expect((await fallbacks("failed")) - failedBefore).toBe(1);
    // Skipped while it is down: the next read goes to the primary without trying it.
    const conversations = await readingUpToNow(() => listPersonConversations(admin(), world.workspace.id));
    expect(conversations.length).toBeGreaterThan(0);
  });
});
