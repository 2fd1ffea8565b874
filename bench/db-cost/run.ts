import http from "node:http";
import path from "node:path";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { prepareDatabase } from "@/lib/db/setup";
import { disconnectDb } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { ensureDemo } from "@/lib/seed/ensure-demo";
import { person, systemActor } from "@/lib/people/actor";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import * as messagesRoute from "@/app/api/public/v1/conversations/[id]/messages/route";
import * as conversationsRoute from "@/app/api/public/v1/conversations/route";
import * as searchRoute from "@/app/api/public/v1/contacts/[id]/search/route";
import * as contextRoute from "@/app/api/public/v1/contacts/[id]/context/route";
import { selectDatabase } from "@/lib/db/url";
import { startPgbouncer } from "@/test/pgbouncer";
import { seedOneBotWorld } from "../steady/one-bot-world";
import { fmt, sumOverProcesses, UNTHROTTLED } from "../lib";

// `npm run bench:db-cost` (issue 37, item 4): what each kind of request costs the database, for the capacity plan
// (docs/capacity.md). One embedded PostgreSQL with pg_stat_statements, the one-bot world of bench:steady (the demo's
// established bot in 1,000 conversations with a contact each, 100,000 messages), and a fixed mix run one operation
// at a time, each through its route handler in this process (no HTTP, no Next: the database's share is the same):
// a bot's send, a page of 100 messages, the bot's conversation list, a contact search, a context pack, and a webhook
// delivery (one attempt to a receiver on loopback, as the worker's task runs it). Per operation it prints
// PostgreSQL's CPU (every PostgreSQL process's, from /proc: the backends, the WAL writer, autovacuum), the statements'
// own time from pg_stat_statements (execution + planning) and how many statements ran. BENCH_SCALE multiplies the
// counts; BENCH_POOLER=1 runs the pool through PgBouncer. Not counted: graphile-worker's own statements for a
// delivery's job (taking and completing it), since the attempt is called here as the job's task.

const DATA_DIR = path.join("bench", "out", "db-cost");
const CONCURRENCY = 4;
/** Operations each of the CONCURRENCY callers runs before the measured ones. */
const WARM_UP_PER_WORKER = 50;
/** Deliveries made beyond the measured ones, for the warm-up to attempt. */
const WARM_DELIVERIES = CONCURRENCY * WARM_UP_PER_WORKER;
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const QUERIES = ["invoice still open", "damaged boxes", "move the meeting", "walnut table", "Lisbon", "oak chairs"];

interface Operation {
  name: string;
  count: number;
  run: (worker: number, i: number) => Promise<number>;
}

async function main() {
  process.env.DATA_DIR = DATA_DIR;
  process.env.DATABASE_URL = "";
  process.env.EMBEDDED_PG_STAT_STATEMENTS = "1";
  const ready = await prepareDatabase();
  await ensureDemo();
  const creds = JSON.parse(readFileSync(path.join(DATA_DIR, "demo-credentials.json"), "utf8")) as {
    workspace: { id: string };
    people: { id: string }[];
    bots: { id: string; handle: string; api_key: string }[];
  };
  let db = sql();
  await updatePolicySettings(systemActor, {
    workspaceId: creds.workspace.id,
    changes: { dailyLimit: 1_000_000, ...UNTHROTTLED },
  });
  const bot = creds.bots.find((b) => b.handle === "helper") ?? creds.bots[0]!;
  const [{ n: seeded } = { n: 0 }] = await db.unchecked<{ n: number }>(
    "SELECT count(*)::int AS n FROM bot_authorizations WHERE bot_id = $1",
    [bot.id],
  );
  if (seeded < 1000) {
    const world = await seedOneBotWorld(ready.url, {
      workspaceId: creds.workspace.id,
      botId: bot.id,
      userId: creds.people[0]!.id,
      conversations: 1000,
      messages: 100_000,
    });
    console.log(`(seeded ${world.conversationIds.length} conversations, ${world.messages} messages in ${fmt(world.seconds)} s)`);
  }
  await db.unchecked("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
  await db.unchecked("VACUUM ANALYZE");
  const conversations = await db.unchecked<{ id: string; contact_id: string }>(
    `SELECT a.conversation_id AS id, p.contact_id FROM bot_authorizations a
       JOIN conversation_participants p ON p.conversation_id = a.conversation_id AND p.contact_id IS NOT NULL
      WHERE a.bot_id = $1 ORDER BY a.conversation_id LIMIT 1000`,
    [bot.id],
  );
  // BENCH_POOLER=1: the pool through PgBouncer in transaction mode (docs/decisions/043): no prepared statements.
  const pgbouncer = process.env.BENCH_POOLER === "1" ? await startPgbouncer({ upstreamUrl: ready.url, poolSize: 8 }) : null;
  if (pgbouncer) {
    await disconnectDb();
    selectDatabase(pgbouncer.pooled(ready.url), { direct: ready.url });
    db = sql();
  }
  const receiver = await startReceiver();
  await db.unchecked("UPDATE bots SET webhook_url = $1 WHERE id = $2", [receiver.url, bot.id]);
  await db.unchecked("UPDATE deployment_settings SET allow_loopback_webhooks = true");

  const auth = { authorization: `Bearer ${bot.api_key}` };
  const call = async (
    handler: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>,
    url: string,
    init: RequestInit & { params?: Record<string, string> } = {},
  ) => {
    const response = await handler(new Request(`http://localhost/api/public/v1${url}`, { ...init, headers: { ...auth, ...init.headers } }), {
      params: Promise.resolve(init.params ?? {}),
    });
    await response.text();
    return response.status;
  };
  const at = (i: number) => conversations[(((i * 7919) % conversations.length) + conversations.length) % conversations.length]!;
  const run = Date.now();
  const ana = person(creds.people[0]!.id, "cli");
  const deliveries: string[] = [];

  const operations: Operation[] = [
    {
      name: "bot send (201)",
      count: 2000 * SCALE,
      run: (worker, i) =>
        call(messagesRoute.POST, `/conversations/${at(i * 4 + worker).id}/messages`, {
          method: "POST",
          params: { id: at(i * 4 + worker).id },
          headers: { "content-type": "application/json", "idempotency-key": `cost-${run}-${worker}-${i}` },
          body: JSON.stringify({ body: `A short answer about the order, number ${i}.` }),
        }),
    },
    {
      name: "message page (100, newest)",
      count: 2000 * SCALE,
      run: (worker, i) =>
        call(messagesRoute.GET, `/conversations/${at(i * 4 + worker).id}/messages?limit=100`, {
          params: { id: at(i * 4 + worker).id },
        }),
    },
    {
      name: "conversation list (page of 100)",
      count: 1000 * SCALE,
      run: () => call(conversationsRoute.GET, `/conversations?limit=100`),
    },
    {
      name: "contact search",
      count: 600 * SCALE,
      run: (worker, i) => {
        const contact = at(i * 4 + worker).contact_id;
        const q = encodeURIComponent(QUERIES[i % QUERIES.length]!);
        return call(searchRoute.GET, `/contacts/${contact}/search?q=${q}`, { params: { id: contact } });
      },
    },
    {
      name: "context pack (full)",
      count: 1000 * SCALE,
      run: (worker, i) => {
        const contact = at(i * 4 + worker).contact_id;
        return call(contextRoute.GET, `/contacts/${contact}/context?format=full`, { params: { id: contact } });
      },
    },
    {
      name: "webhook delivery (one attempt)",
      count: 1000 * SCALE,
      run: async () => {
        const id = deliveries.pop();
        if (!id) return 0;
        const outcome = await attemptDelivery(id);
        return outcome?.status === "succeeded" ? 200 : 500;
      },
    },
  ];

  const rows: string[] = [];
  for (const operation of operations) {
    if (operation.name.startsWith("webhook")) {
      // The deliveries to attempt: a person's messages to the bot (message.received), made first, not measured (no
      // worker runs here: their jobs wait, and each is attempted below as the worker's task would).
      for (let i = 0; i < operation.count + WARM_DELIVERIES; i++) {
        await postPersonMessage(ana, { conversationId: at(i).id, body: `A question, number ${i}?` });
      }
      deliveries.push(
        ...(
          await db.unchecked<{ id: string }>(
            "SELECT id FROM webhook_deliveries WHERE bot_id = $1 AND status = 'pending' ORDER BY created_at DESC LIMIT $2",
            [bot.id, operation.count + WARM_DELIVERIES],
          )
        ).map((row) => row.id),
      );
    }
    // Warm: each connection's plans, the caches.
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        for (let i = 0; i < WARM_UP_PER_WORKER; i++) await operation.run(worker, -1 - i);
      }),
    );
    if (operation.name.startsWith("webhook") && deliveries.length < operation.count) {
      throw new Error(`only ${deliveries.length} deliveries to attempt`);
    }
    await db.unchecked("SELECT pg_stat_statements_reset()");
    const cpu0 = postgresCpuMs();
    const started = performance.now();
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        for (let i = next++; i < operation.count; i = next++) {
          const status = await operation.run(worker, i);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = postgresCpuMs() - cpu0;
    const [stats] = await db.unchecked<{ calls: number; ms: number }>(
      `SELECT sum(calls)::float AS calls, sum(total_exec_time + total_plan_time)::float AS ms FROM pg_stat_statements
        WHERE query NOT LIKE '%pg_stat_statements%'`,
    );
    const per = (x: number) => x / operation.count;
    rows.push(
      `| ${operation.name} | ${operation.count} | ${fmt(per(cpu), 2)} | ${fmt(per(stats!.ms), 2)} | ${fmt(per(stats!.calls), 1)} | ${fmt(operation.count / seconds, 0)} | ${JSON.stringify(Object.fromEntries(statuses))} |`,
    );
    console.log(rows.at(-1));
  }
  console.log(
    `\nbench/db-cost — ${new Date().toISOString()}, concurrency ${CONCURRENCY}, one-bot world (1,000 conversations, 100,000 messages), ${pgbouncer ? "through PgBouncer (transaction mode, nothing prepared)" : "direct (prepared statements)"}`,
  );
  console.log("| operation | n | PostgreSQL CPU ms per op | statements' time ms per op | statements per op | ops/s here | statuses |");
  console.log("|---|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
  if (!pgbouncer) console.log(`\n${await notifyCeiling(ready.url)}`);
  await receiver.close();
  await disconnectDb();
  await pgbouncer?.stop();
  await ready.embedded?.stop();
}

/**
 * What NOTIFY does to commits (docs/capacity.md): every message insert NOTIFYs, and PostgreSQL takes one lock for the
 * whole server at a NOTIFYing transaction's commit, held through its WAL flush. CLIENTS connections commit one-row
 * inserts as fast as they can for NOTIFY_SECONDS, with and without a NOTIFY in each transaction (a listener
 * connected, as every app process has), twice each, interleaved.
 */
async function notifyCeiling(url: string): Promise<string> {
  const CLIENTS = 16;
  const NOTIFY_SECONDS = 4;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query("CREATE TABLE IF NOT EXISTS bench_notify_probe (id bigserial PRIMARY KEY, v int)");
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  await listener.query("LISTEN bench_notify_probe");
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const round = async (notify: boolean) => {
    const text = `BEGIN; INSERT INTO bench_notify_probe (v) VALUES (1);${notify ? " SELECT pg_notify('bench_notify_probe', 'x');" : ""} COMMIT`;
    const end = performance.now() + NOTIFY_SECONDS * 1000;
    let commits = 0;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < end) {
          await client.query(text);
          commits++;
        }
      }),
    );
    return commits / NOTIFY_SECONDS;
  };
  const rates = { with: [] as number[], without: [] as number[] };
  for (let i = 0; i < 2; i++) {
    rates.without.push(await round(false));
    rates.with.push(await round(true));
  }
  await Promise.all([...clients, listener].map((client) => client.end()));
  await admin.query("DROP TABLE bench_notify_probe");
  await admin.end();
  const list = (values: number[]) => values.map((v) => fmt(v, 0)).join(", ");
  return `commits a second, ${CLIENTS} connections, one-row inserts: without NOTIFY ${list(rates.without)}; with NOTIFY ${list(rates.with)}`;
}

/** CPU time (ms) of every PostgreSQL process now running. */
function postgresCpuMs(): number {
  return sumOverProcesses(
    (cmdline) => cmdline.startsWith("postgres"),
    (pid) => {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    },
  );
}

/** A bot's webhook endpoint on loopback that answers 200 at once. */
async function startReceiver(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(200).end("ok"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

void main();
