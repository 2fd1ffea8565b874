import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, idem } from "@/test/api/client";
import { replicaPairMissing, startReplicaPair, type ReplicaPair } from "@/test/replica-pair";
import { disconnectDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { closeReplicas, replicaStats } from "@/lib/db/replicas";
import { createDatabaseIfMissing } from "@/lib/db/setup";
import { selectDatabase } from "@/lib/db/url";
import { reloadEnv } from "@/lib/env";
import { metrics } from "@/lib/metrics/registry";
import { systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { POLICY_BOUNDS } from "@/lib/policy/defaults";

// The bot API reading from a streaming replica (docs/decisions/044): a bot sends, then lists the conversation, over
// and over; every list must hold the message just sent (the send recorded the bot's WAL position, the list waited for
// a replica that had replayed it, or read on the primary). The machine's PostgreSQL 15, primary and replica.

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
