import path from "node:path";
import { performance } from "node:perf_hooks";
import { prepareDatabase } from "@/lib/db/setup";
import { disconnectDb } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { createBot } from "@/lib/bots/create-bot";
import { createConversation } from "@/lib/conversations/create-conversation";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld } from "@/lib/seed/seed-world";
import { sendMessage } from "@/lib/messages/send-message";
import { requestHash, storeStatement } from "@/lib/http/idempotency";
import { runStatement, transaction } from "@/lib/db/sql";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { pruneExpiredRows } from "@/lib/retention/prune-expired-rows";
import { closedLoop, fmt, UNTHROTTLED, type LoadResult } from "../lib";

// bench/retention (issue 23): the retention job's effect on table sizes after a million sends. The database writes
// a million sends' worth of rows itself (INSERT ... SELECT over generate_series), their ages spread evenly over the
// last 90 days: one idempotency record per send, one webhook delivery per send (97 % succeeded with one attempt,
// 2 % failed after 8 attempts, 1 % pending, the last day's) with realistic payloads. It prints each table's rows and
// size (pg_total_relation_size) before one retention run, after it, after VACUUM and after VACUUM FULL (the size
// of what the windows keep: where the tables stay), the run's time and batches, and the latency of sends made
// in-process at the same time (the domain's send with its idempotency record, in one transaction, as the route
// does) against the same sends without the run.
//
//   npm run bench:retention            # embedded PostgreSQL in bench/out/retention/postgres
//   BENCH_SENDS=200000 npm run bench:retention

const SENDS = Number(process.env.BENCH_SENDS ?? 1_000_000);
const CONCURRENCY = 8;
const BASELINE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DATA_DIR = path.join("bench", "out", "retention");
const TABLES = ["idempotency_keys", "webhook_deliveries", "webhook_attempts"] as const;

async function sizes(): Promise<Record<string, { rows: number; mb: number }>> {
  const out: Record<string, { rows: number; mb: number }> = {};
  for (const table of TABLES) {
    const [row] = await sql().unchecked<{ rows: string; bytes: string }>(
      `SELECT (SELECT count(*) FROM ${table}) AS rows, pg_total_relation_size('${table}') AS bytes`,
    );
    out[table] = { rows: Number(row!.rows), mb: Number(row!.bytes) / 1024 / 1024 };
  }
  return out;
}

function printSizes(label: string, s: Record<string, { rows: number; mb: number }>) {
  console.log(`${label}:`);
  for (const table of TABLES) console.log(`  ${table.padEnd(20)} ${String(s[table]!.rows).padStart(9)} rows ${fmt(s[table]!.mb, 0).padStart(6)} MB`);
}

async function main() {
  process.env.DATA_DIR = DATA_DIR;
  process.env.DATABASE_URL = "";
  const ready = await prepareDatabase();
  try {
    await sql().unchecked("TRUNCATE idempotency_keys, webhook_deliveries, webhook_attempts");
    const world = await seedWorld();
    const workspaceId = world.workspace.id;
    await updatePolicySettings(systemActor, { workspaceId, changes: { dailyLimit: 100_000, ...UNTHROTTLED } });
    const ana = person(world.people[0]!.id, "cli");
    const senders: { bot: BotPrincipal; conversationId: string }[] = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      const created = await createBot(systemActor, { workspaceId, handle: `ret-${Date.now().toString(36)}-${i}`, name: `Retention ${i}`, established: true });
      const conversation = await createConversation(ana, { workspaceId, title: `retention ${i}`, botIds: [created.bot.id] });
      senders.push({ bot: (await authenticateBot(created.apiKey))!, conversationId: conversation.id });
    }
    const botIds = world.bots.map((b) => b.id);

    // A million sends' rows, aged evenly over 90 days (row i is i/SENDS of 90 days old).
    let t0 = performance.now();
    await sql().unchecked(
      `INSERT INTO idempotency_keys (bot_id, key, request_hash, state, response_status, response_body, response_headers, created_at, expires_at)
       SELECT ($1::uuid[])[1 + i % array_length($1::uuid[], 1)], 'seed-' || i, md5(i::text) || md5(i::text), 'completed', 201,
              jsonb_build_object('data', jsonb_build_object('id', gen_random_uuid(), 'seq', i, 'body', 'Your order ' || i || ' has shipped', 'created_at', now())),
              '{"content-type": "application/json"}'::jsonb,
              now() - (i::float8 / $2) * interval '90 days', now() - (i::float8 / $2) * interval '90 days' + interval '24 hours'
         FROM generate_series(0, $2 - 1) i`,
      [botIds, SENDS],
    );
    await sql().unchecked(
      `INSERT INTO webhook_deliveries (event_id, event_type, bot_id, workspace_id, conversation_id, payload, status, attempt_count,
                                       round_attempt_count, last_response_status, created_at, completed_at)
       SELECT gen_random_uuid(), 'message.created', ($1::uuid[])[1 + i % array_length($1::uuid[], 1)], $3, NULL,
              jsonb_build_object('message', jsonb_build_object('id', gen_random_uuid(), 'seq', i, 'body', 'Can you tell me where order ' || i || ' is?',
                                 'sender', jsonb_build_object('type', 'person', 'name', 'Ana Lima')), 'mentioned', false),
              CASE WHEN i < $2 / 100 THEN 'pending' WHEN i % 50 = 7 THEN 'failed' ELSE 'succeeded' END::"DeliveryStatus",
              CASE WHEN i % 50 = 7 AND i >= $2 / 100 THEN 8 ELSE 1 END, CASE WHEN i % 50 = 7 AND i >= $2 / 100 THEN 8 ELSE 1 END,
              CASE WHEN i % 50 = 7 THEN 503 ELSE 200 END,
              now() - (i::float8 / $2) * interval '90 days', now() - (i::float8 / $2) * interval '90 days' + interval '1 second'
         FROM generate_series(0, $2 - 1) i`,
      [botIds, SENDS, workspaceId],
    );
    await sql().unchecked(
      `INSERT INTO webhook_attempts (delivery_id, number, trigger, url, request_headers, request_body, response_status, response_body, duration_ms, started_at)
       SELECT d.id, n, CASE WHEN n = 1 THEN 'delivery' ELSE 'retry' END, 'https://bots.example.com/hook',
              jsonb_build_object('content-type', 'application/json', 'x-service-event', 'message.created', 'x-service-delivery', d.id,
                                 'x-service-signature', 'sha256=' || md5(d.id::text) || md5(d.event_id::text)),
              d.payload::text, d.last_response_status, CASE WHEN d.status = 'failed' THEN 'Service Unavailable' ELSE '{"ok":true}' END,
              40, d.created_at
         FROM webhook_deliveries d, generate_series(1, d.attempt_count) n
        WHERE d.status <> 'pending'`,
    );
    for (const table of TABLES) await sql().unchecked(`ANALYZE ${table}`);
    console.log(`seeded ${SENDS} sends' rows in ${fmt((performance.now() - t0) / 1000)} s`);
    const before = await sizes();
    printSizes("before", before);

    let n = 0;
    const send = async (worker: number) => {
      const { bot, conversationId } = senders[worker]!;
      const key = `bench-${process.pid}-${n++}`;
      const body = { body: `retention bench ${key}`, blocks: undefined };
      const hash = requestHash({ method: "POST", path: `/conversations/${conversationId}/messages`, body });
      await transaction(async (tx) => {
        const result = await sendMessage(bot, { conversationId, input: body, tx });
        await runStatement(
          tx,
          storeStatement(bot.id, { key, hash, response: { status: 201, body: result, headers: {} } }),
        );
      });
      return 201;
    };

    const baseline: LoadResult = await closedLoop(CONCURRENCY, BASELINE_SECONDS, send);
    // The run, with the same sends beside it for as long as it lasts.
    let run: Awaited<ReturnType<typeof pruneExpiredRows>> | undefined;
    t0 = performance.now();
    const pruning = pruneExpiredRows({ budgetMs: 3_600_000 }).then((result) => (run = result));
    const during: LoadResult[] = [];
    while (!run) during.push(await closedLoop(CONCURRENCY, 2, send));
    await pruning;
    const requests = during.reduce((sum, r) => sum + r.requests, 0);
    const afterRun = await sizes();
    printSizes(`after one retention run (${fmt(run!.ms / 1000)} s, ${run!.batches} batches of up to 2000)`, afterRun);
    console.log(`  deleted: ${JSON.stringify(run!.deleted)}`);
    t0 = performance.now();
    for (const table of TABLES) await sql().unchecked(`VACUUM ${table}`);
    printSizes(`after VACUUM (${fmt((performance.now() - t0) / 1000)} s; what autovacuum does: the space is reused, files keep their size)`, await sizes());
    t0 = performance.now();
    for (const table of TABLES) await sql().unchecked(`VACUUM FULL ${table}`);
    printSizes(`after VACUUM FULL (${fmt((performance.now() - t0) / 1000)} s; the size of what the windows keep)`, await sizes());

    console.log(`sends without the run: ${baseline.requests} in ${fmt(baseline.seconds)} s, p50 ${fmt(baseline.p50)} ms, p99 ${fmt(baseline.p99)} ms, errors ${baseline.errors}`);
    const worstP99 = Math.max(...during.map((r) => r.p99));
    const medianP99 = during.map((r) => r.p99).sort((a, b) => a - b)[Math.floor(during.length / 2)]!;
    const p50s = during.map((r) => r.p50).sort((a, b) => a - b);
    const errors = during.reduce((sum, r) => sum + r.errors, 0);
    console.log(
      `sends during the run: ${requests} in ${fmt(during.reduce((sum, r) => sum + r.seconds, 0))} s (${during.length} 2-second windows, the run's ${fmt(run!.ms / 1000)} s and the end of the last), median window p50 ${fmt(p50s[Math.floor(p50s.length / 2)]!)} ms, median window p99 ${fmt(medianP99)} ms, worst window p99 ${fmt(worstP99)} ms, errors ${errors}`,
    );
  } finally {
    await disconnectDb();
    await ready.embedded?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
