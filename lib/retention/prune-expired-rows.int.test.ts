import { parseCrontab } from "graphile-worker";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { startWorker } from "@/jobs/worker";
import { cli } from "@/test/cli";
import { pruneExpiredRows, RETENTION_CRONTAB, RETENTION_TASK } from "./prune-expired-rows";
import { deliveryRetentionNote } from "./retention-windows";

// Retention on a real database: rows are written with the ages the test gives, one run prunes, and the test reads
// what is left of each table. The clock is the test's (`now`), the windows the defaults (30 and 90 days).

const DAY = 24 * 3600_000;
const now = new Date("2026-12-01T12:00:00Z");
const ago = (days: number) => new Date(now.getTime() - days * DAY);
let world: SeededWorld;
const bot = () => world.bots[0]!.id;

beforeAll(async () => {
  world = await seedWorld();
});
beforeEach(async () => {
  await sql().unchecked(
    "TRUNCATE webhook_deliveries, webhook_attempts, idempotency_keys, job_outbox, oauth_provider_records",
  );
});
afterAll(async () => {
  await db().$executeRawUnsafe(`DELETE FROM graphile_worker._private_jobs`);
});

/** A delivery of `status` created `days` ago (replayed `replayedDays` ago), with two attempts; its id. */
async function delivery(label: string, status: string, days: number, replayedDays?: number): Promise<string> {
  const [row] = await sql().unchecked<{ id: string }>(
    `INSERT INTO webhook_deliveries (event_id, event_type, bot_id, workspace_id, payload, status, created_at, replayed_at)
     VALUES (gen_random_uuid(), 'ping', $1, $2, $3::jsonb, $4::"DeliveryStatus", $5, $6) RETURNING id`,
    [bot(), world.workspace.id, JSON.stringify({ label }), status, ago(days), replayedDays === undefined ? null : ago(replayedDays)],
  );
  await sql().unchecked(
    `INSERT INTO webhook_attempts (delivery_id, number, trigger, url, request_headers, request_body, duration_ms, started_at)
     SELECT $1, n, 'delivery', 'https://bot.example/hook', '{}'::jsonb, '{}', 10, $2 FROM generate_series(1, 2) n`,
    [row!.id, ago(days)],
  );
  return row!.id;
}

async function remainingDeliveries(): Promise<string[]> {
  const rows = await sql().unchecked<{ label: string }>(
    "SELECT payload->>'label' AS label FROM webhook_deliveries ORDER BY 1",
  );
  return rows.map((row) => row.label);
}

async function idempotencyKey(key: string, expiresAt: Date) {
  await sql().unchecked(
    `INSERT INTO idempotency_keys (bot_id, key, request_hash, state, response_status, response_body, response_headers, created_at, expires_at)
     VALUES ($1, $2, 'h', 'completed', 201, '{}'::jsonb, '{}'::jsonb, $3::timestamptz - interval '24 hours', $3)`,
    [bot(), key, expiresAt],
  );
}

async function outbox(label: string, row: { sent?: Date; runAt: Date; started?: Date; cancelled?: Date }) {
  await sql().unchecked(
    `INSERT INTO job_outbox (task, payload, run_at, sent_at, started_at, cancelled_at, created_at)
     VALUES ('deliver_webhook', $1::jsonb, $2, $3, $4, $5, $2)`,
    [JSON.stringify({ label }), row.runAt, row.sent ?? null, row.started ?? null, row.cancelled ?? null],
  );
}

const labels = async (text: string) => (await sql().unchecked<{ label: string }>(text)).map((row) => row.label).sort();

describe("pruneExpiredRows", () => {
  it("deletes what is past its window, with the deliveries' attempts, and keeps the rest", async () => {
    await delivery("succeeded 31 days ago", "succeeded", 31);
    await delivery("succeeded 29 days ago", "succeeded", 29);
    await delivery("failed 91 days ago", "failed", 91);
    await delivery("failed 89 days ago", "failed", 89);
    await delivery("failed 31 days ago", "failed", 31);
    await delivery("pending 200 days ago", "pending", 200);
    await delivery("succeeded 60 days ago, replayed yesterday", "succeeded", 60, 1);
    await delivery("succeeded 60 days ago, replayed 40 days ago", "succeeded", 60, 40);
    await idempotencyKey("expired a second ago", new Date(now.getTime() - 1000));
    await idempotencyKey("expires in a second", new Date(now.getTime() + 1000));
    await outbox("claimed 8 days ago", { sent: ago(8), runAt: ago(8), started: ago(8) });
    await outbox("claimed 6 days ago", { sent: ago(8), runAt: ago(8), started: ago(6) });
    await outbox("cancelled 8 days ago, would have run next week", { sent: ago(9), runAt: ago(-7), cancelled: ago(8) });
    await outbox("sent, never claimed, due 8 days ago", { sent: ago(9), runAt: ago(8) });
    await outbox("sent 20 days ago, due tomorrow", { sent: ago(20), runAt: ago(-1) });
    await outbox("never sent, 20 days old", { runAt: ago(20) });
    await sql().unchecked(
      `INSERT INTO oauth_provider_records (model, id, payload, expires_at) VALUES
         ('AccessToken', 'expired', '{}', $1::timestamptz - interval '1 second'),
         ('AccessToken', 'live', '{}', $1::timestamptz + interval '1 hour'),
         ('Client', 'no expiry', '{}', NULL)`,
      [now],
    );
    for (const [label, days] of [
      ["attempt 91 days ago", 91],
      ["attempt 89 days ago", 89],
    ] as const)
      await db().policyDecision.create({
        data: {
          workspaceId: world.workspace.id,
          botId: bot(),
          mode: "send",
          outcome: "blocked",
          reasons: ["rule:x"],
          excerpt: label,
          body: label,
          blocks: [{ type: "status_block", title: label, state: "working" }],
          createdAt: ago(days),
        },
      });
    const messages = await db().message.count();
    const audit = await db().auditEvent.count();

    const result = await pruneExpiredRows({ now, windows: { deliveryDays: 30, failedDeliveryDays: 90 } });

    expect(result).toMatchObject({
      deleted: {
        idempotency_keys: 1,
        webhook_deliveries: 3,
        job_outbox: 3,
        oauth_provider_records: 1,
        policy_attempt_texts: 1,
      },
      done: true,
    });
    // The attempt's whole text goes after 90 days (the dry run's longest range); the log's row and excerpt stay.
    expect(
      await db().policyDecision.findMany({
        where: { workspaceId: world.workspace.id, reasons: { has: "rule:x" } },
        select: { excerpt: true, body: true, blocks: true },
        orderBy: { createdAt: "asc" },
      }),
    ).toEqual([
      { excerpt: "attempt 91 days ago", body: null, blocks: null },
      {
        excerpt: "attempt 89 days ago",
        body: "attempt 89 days ago",
        blocks: [{ type: "status_block", title: "attempt 89 days ago", state: "working" }],
      },
    ]);
    expect(await remainingDeliveries()).toEqual([
      "failed 31 days ago",
      "failed 89 days ago",
      "pending 200 days ago",
      "succeeded 29 days ago",
      "succeeded 60 days ago, replayed yesterday",
    ]);
    // The attempts went with their deliveries (ON DELETE CASCADE): two for each delivery left, none orphaned.
    expect(await db().webhookAttempt.count()).toBe(10);
    expect(await labels("SELECT key AS label FROM idempotency_keys")).toEqual(["expires in a second"]);
    expect(await labels("SELECT payload->>'label' AS label FROM job_outbox")).toEqual([
      "claimed 6 days ago",
      "never sent, 20 days old",
      "sent 20 days ago, due tomorrow",
    ]);
    expect(await labels("SELECT id AS label FROM oauth_provider_records")).toEqual(["live", "no expiry"]);
    // What lasts is never touched.
    expect(await db().message.count()).toBe(messages);
    expect(await db().auditEvent.count()).toBe(audit);
  });

  it("takes the delivery windows it is given (DELIVERY_RETENTION_DAYS, FAILED_DELIVERY_RETENTION_DAYS)", async () => {
    await delivery("succeeded 8 days ago", "succeeded", 8);
    await delivery("succeeded 6 days ago", "succeeded", 6);
    await delivery("failed 15 days ago", "failed", 15);
    await delivery("failed 13 days ago", "failed", 13);
    await pruneExpiredRows({ now, windows: { deliveryDays: 7, failedDeliveryDays: 14 } });
    expect(await remainingDeliveries()).toEqual(["failed 13 days ago", "succeeded 6 days ago"]);
  });

  it("deletes in batches until nothing is left, and stops starting batches when its time is spent", async () => {
    for (let i = 0; i < 10; i++) await idempotencyKey(`old ${i}`, ago(2));
    const spent = await pruneExpiredRows({ now, batchSize: 3, budgetMs: 0 });
    expect(spent).toMatchObject({ done: false, batches: 0, deleted: { idempotency_keys: 0 } });
    const result = await pruneExpiredRows({ now, batchSize: 3 });
    // 3 + 3 + 3 + 1: the short batch ends the table; then one empty batch for each of the six other steps (no
    // workspace keeps its messages for a time: no step for them).
    expect(result).toMatchObject({ done: true, batches: 10, deleted: { idempotency_keys: 10 } });
    expect(await db().idempotencyKey.count()).toBe(0);
  });

  it("skips a row a send holds locked instead of waiting for it, and takes it on the next run", async () => {
    await idempotencyKey("held by a send", ago(2));
    await idempotencyKey("free", ago(2));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // A request reusing an expired key: its transaction updates the row (idempotency.store's ON CONFLICT) and holds
    // the row lock until it commits.
    const send = db().$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(`UPDATE idempotency_keys SET state = 'completed' WHERE key = 'held by a send'`);
        locked();
        await released;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const started = performance.now();
    const result = await pruneExpiredRows({ now });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.deleted.idempotency_keys).toBe(1);
    expect(await labels("SELECT key AS label FROM idempotency_keys")).toEqual(["held by a send"]);
    release();
    await send;
    expect((await pruneExpiredRows({ now })).deleted.idempotency_keys).toBe(1);
    expect(await db().idempotencyKey.count()).toBe(0);
  });
});

describe("the retention job on graphile-worker", () => {
  it("is in the crontab every 10 minutes, one at a time", () => {
    const [item] = parseCrontab(RETENTION_CRONTAB);
    expect(item).toMatchObject({ task: RETENTION_TASK, options: { jobKey: RETENTION_TASK, maxAttempts: 3 } });
    expect(item!.match).toBeDefined();
    const at = (minute: number) => {
      const digest = { min: minute, hour: 3, date: 1, month: 12, dow: 2 };
      return (item!.match as (digest: unknown) => boolean)(digest);
    };
    expect([0, 10, 20, 30, 40, 50].map(at)).toEqual([true, true, true, true, true, true]);
    expect([1, 5, 9, 59].map(at)).toEqual([false, false, false, false]);
  });

  it("the worker runs the task (queued now) and it prunes", async () => {
    await idempotencyKey("expired yesterday", new Date(Date.now() - DAY));
    await delivery("succeeded a year ago", "succeeded", 365 + (Date.now() - now.getTime()) / DAY);
    const worker = await startWorker({ databaseUrl: process.env.DATABASE_URL!, concurrency: 1 });
    try {
      await db().$executeRawUnsafe(`SELECT graphile_worker.add_job('${RETENTION_TASK}', '{}'::json)`);
      const deadline = Date.now() + 15_000;
      while ((await db().idempotencyKey.count()) + (await db().webhookDelivery.count()) > 0) {
        if (Date.now() > deadline) throw new Error("the retention task did not run");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await worker.stop();
    }
  });
});

describe("deliveryRetentionNote", () => {
  it("says how far back the delivery lists go", () => {
    expect(deliveryRetentionNote({ deliveryDays: 30, failedDeliveryDays: 90 })).toBe(
      "Deliveries are kept 30 days (failed ones 90).",
    );
    expect(deliveryRetentionNote({ deliveryDays: 14, failedDeliveryDays: 14 })).toBe("Deliveries are kept 14 days.");
  });
});

describe("the delivery lists say how far back they go", () => {
  it("`deliveries list` answers with the windows", async () => {
    await delivery("succeeded now", "succeeded", (now.getTime() - Date.now()) / DAY);
    const { code, stdout } = await cli("deliveries", "list", "--bot", world.bots[0]!.handle, "--as", world.people[0]!.email);
    expect(code).toBe(0);
    const answer = JSON.parse(stdout) as { data: unknown[]; retention: unknown };
    expect(answer.data).toHaveLength(1);
    expect(answer.retention).toEqual({ days: 30, failed_days: 90 });
  });
});
