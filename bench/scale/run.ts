import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startBuiltServer, type BuiltServer } from "../../scripts/built-server";
import { disconnectDb } from "@/lib/db/client";
import { selectDatabase } from "@/lib/db/url";
import { createBot } from "@/lib/bots/create-bot";
import { issueApiKey } from "@/lib/bots/issue-api-key";
import { createConversation } from "@/lib/conversations/create-conversation";
import { listPersonConversations } from "@/lib/chat/list-conversations";
import { listPolicyLog } from "@/lib/chat/list-policy-log";
import { listPendingApprovals } from "@/lib/drafts/list-pending-approvals";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { person, systemActor } from "@/lib/people/actor";
import { fmt, percentile, request, wrkLoad, type LoadResult } from "../lib";
import { describeDatabase, ensureScaleSeed, MAIN, scaleDatabases } from "./seed";

// bench:scale (issue 23): the same operations on the "empty" database (the workspace at a thousandth of its size)
// and on the large one (npm run bench:seed-large: a year's use), side by side. The API through the built app over
// HTTP (one server per database, both up, so rounds interleave: empty, large, empty, large...); the pages' reads
// through their domain functions in this process (the database switched between rounds). Each figure is over all
// rounds' samples; send throughput is the median round's, as bench:send reports it.
//
// Targets: each API operation within 20 % of its empty-database figure (reads: p50; send: throughput and p99);
// each page and list p95 under 100 ms at the large size.

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SEND_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const CONCURRENCY = 16;
// BENCH_SCALE_PORTS="empty,large" when another run holds the defaults.
const [EMPTY_PORT, LARGE_PORT] = (process.env.BENCH_SCALE_PORTS ?? "3241,3242").split(",").map(Number);
const PORTS = { empty: EMPTY_PORT!, large: LARGE_PORT! } as const;
const OUT = path.join("bench", "out", "scale");
type Size = "empty" | "large";
const SIZES: Size[] = ["empty", "large"];

interface Fixture {
  url: string;
  app: BuiltServer;
  base: string;
  workspaceId: string;
  admin: string;
  member: string;
  bot0: { id: string; key: string };
  contact0: string;
  longConversation: string;
  longLength: number;
  senders: { key: string; conversation: string }[];
  sendScript: string;
}

/** Every server started, stopped at the end whatever happens. */
const started: BuiltServer[] = [];

async function switchDatabase(url: string) {
  await disconnectDb();
  selectDatabase(url);
}

async function fixture(size: Size, url: string): Promise<Fixture> {
  const app = await startBuiltServer({
    port: PORTS[size],
    dataDir: path.join(OUT, `app-${size}`),
    env: { DATABASE_URL: url, RUN_WORKER: "false", BENCH_ROUTES: "1" },
    ready: async () => (await fetch(`http://127.0.0.1:${PORTS[size]}/api/bench/bare`)).ok,
    timeoutMs: 180_000,
  });
  started.push(app);
  await switchDatabase(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0] as T;
  const ws = await one<{ id: string }>("SELECT id FROM workspaces WHERE slug = $1", [MAIN]);
  const user = async (n: number) => (await one<{ id: string }>("SELECT id FROM users WHERE handle = $1", [`${MAIN}-u${n}`])).id;
  const bot0 = (await one<{ id: string }>("SELECT id FROM bots WHERE handle = $1", [`${MAIN}-bot-0`])).id;
  const contact0 = (await one<{ id: string }>("SELECT id FROM contacts WHERE workspace_id = $1 AND email = $2", [ws.id, `contact0@${MAIN}.example.test`])).id;
  const long = await one<{ id: string; last_seq: number }>("SELECT id, last_seq FROM conversations WHERE workspace_id = $1 AND title = 'Conversation 0'", [ws.id]);
  const admin = await user(0);
  const member = await user(1);
  await client.end();
  const key = (await issueApiKey(systemActor, { botId: bot0, name: `bench-scale-${Date.now()}` })).key;
  // Sixteen established bots, each in a conversation of its own (bench:send's load), created per run.
  const senders: { key: string; conversation: string }[] = [];
  for (let i = 0; i < CONCURRENCY; i++) {
    const created = await createBot(systemActor, { workspaceId: ws.id, handle: `scale-send-${Date.now().toString(36)}-${i}`, name: `Send ${i}`, established: true });
    const conversation = (await createConversation(person(admin, "cli"), { workspaceId: ws.id, title: `send ${i}`, botIds: [created.bot.id] })).id;
    senders.push({ key: created.apiKey, conversation });
  }
  mkdirSync(OUT, { recursive: true });
  const sendScript = path.resolve(OUT, `send-${size}.lua`);
  writeFileSync(
    sendScript,
    `local pairs = {${senders.map((p) => `{"${p.key}","${p.conversation}"}`).join(",")}}
local counter = 0
request = function()
  counter = counter + 1
  local p = pairs[(counter % #pairs) + 1]
  local headers = {}
  headers["Content-Type"] = "application/json"
  headers["Authorization"] = "Bearer " .. p[1]
  headers["Idempotency-Key"] = "scale-${size}-" .. os.time() .. "-" .. counter
  return wrk.format("POST", "/api/public/v1/conversations/" .. p[2] .. "/messages", headers, '{"body":"bench message"}')
end
`,
  );
  return {
    url, app, base: `http://127.0.0.1:${PORTS[size]}`, workspaceId: ws.id, admin, member,
    bot0: { id: bot0, key }, contact0, longConversation: long.id, longLength: long.last_seq, senders, sendScript,
  };
}

// ---- operations ----------------------------------------------------------------------------------------------

interface Operation {
  name: string;
  kind: "api" | "page";
  /** One timed run; throws when the answer is wrong. */
  once(f: Fixture, i: number): Promise<void>;
  /** Samples per run of `once` (the conversation list paged to its end times each page). */
  pages?: boolean;
}

async function getJson(f: Fixture, pathAndQuery: string): Promise<{ data: unknown[]; next_cursor?: string | null }> {
  const res = await request(`${f.base}${pathAndQuery}`, { headers: { authorization: `Bearer ${f.bot0.key}` } });
  if (res.status !== 200) throw new Error(`${pathAndQuery}: ${res.status} ${res.body.slice(0, 200)}`);
  return JSON.parse(res.body) as { data: unknown[]; next_cursor?: string | null };
}

const QUERIES = ["invoice still open", "damaged boxes", "move the meeting", "walnut table", "Lisbon", "quote for oak chairs"];

/** Per-sample latencies of the conversation list pages (filled by its operation). */
const pageSamples = new Map<string, number[]>();

const OPERATIONS: Operation[] = [
  {
    name: "API: bot's conversation list, page of 100 (paged to its end)",
    kind: "api",
    pages: true,
    async once(f) {
      let cursor: string | null | undefined = null;
      let total = 0;
      const samples = pageSamples.get(f.url) ?? [];
      do {
        const t0 = performance.now();
        const page = await getJson(f, `/api/public/v1/conversations?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
        samples.push(performance.now() - t0);
        total += page.data.length;
        cursor = page.next_cursor;
      } while (cursor);
      pageSamples.set(f.url, samples);
      if (total < 5) throw new Error(`the bot sees ${total} conversations`);
    },
  },
  {
    name: "API: 200-message page deep in the long conversation",
    kind: "api",
    async once(f, i) {
      const span = f.longLength - 200;
      const after = Math.floor(span / 2 + ((i * 7919) % Math.max(1, span / 2)));
      const page = await getJson(f, `/api/public/v1/conversations/${f.longConversation}/messages?limit=200&after_seq=${after}`);
      if (page.data.length !== 200) throw new Error(`a page of ${page.data.length}`);
    },
  },
  {
    name: "API: contact search (contact with the long conversation)",
    kind: "api",
    async once(f, i) {
      await getJson(f, `/api/public/v1/contacts/${f.contact0}/search?q=${encodeURIComponent(QUERIES[i % QUERIES.length]!)}`);
    },
  },
  {
    name: "API: context pack (full)",
    kind: "api",
    async once(f) {
      await getJson(f, `/api/public/v1/contacts/${f.contact0}/context?format=full`);
    },
  },
  {
    name: "page: conversation list, member",
    kind: "page",
    async once(f) {
      await listPersonConversations(person(f.member, "web"), f.workspaceId);
    },
  },
  {
    name: "page: conversation list, admin",
    kind: "page",
    async once(f) {
      await listPersonConversations(person(f.admin, "web"), f.workspaceId);
    },
  },
  {
    name: "page: approvals inbox, member",
    kind: "page",
    async once(f) {
      await listPendingApprovals(person(f.member, "web"), { workspaceId: f.workspaceId });
    },
  },
  {
    name: "page: approvals inbox, admin",
    kind: "page",
    async once(f) {
      await listPendingApprovals(person(f.admin, "web"), { workspaceId: f.workspaceId });
    },
  },
  {
    name: "page: deliveries, status failed + a month's window",
    kind: "page",
    async once(f, i) {
      const to = new Date(Date.now() - (30 + (i % 200)) * 86_400_000);
      await listDeliveries(person(f.admin, "web"), {
        botId: f.bot0.id,
        status: "failed",
        from: new Date(to.getTime() - 30 * 86_400_000),
        to,
        limit: 25,
      });
    },
  },
  {
    name: "page: deliveries, status pending",
    kind: "page",
    async once(f) {
      await listDeliveries(person(f.admin, "web"), { botId: f.bot0.id, status: "pending", limit: 25 });
    },
  },
  {
    name: "page: policy log",
    kind: "page",
    async once(f) {
      await listPolicyLog(person(f.admin, "web"), f.workspaceId);
    },
  },
];

// ---- run -----------------------------------------------------------------------------------------------------

async function main() {
  const log = (line: string) => console.log(line);
  const dbs = await scaleDatabases();
  const fixtures = {} as Record<Size, Fixture>;
  try {
    await ensureScaleSeed(dbs, log);
    for (const [size, url] of [["empty", dbs.empty], ["large", dbs.large]] as const) {
      const { size: bytes, rows } = await describeDatabase(url);
      console.log(`${size}: ${bytes}; messages ${rows.messages}, conversations ${rows.conversations}, deliveries ${rows.webhook_deliveries}, drafts ${rows.drafts}`);
    }
    for (const size of SIZES) fixtures[size] = await fixture(size, size === "empty" ? dbs.empty : dbs.large);

    // Warm-up: every operation a few times on each database, and the send route.
    for (const size of SIZES) {
      const f = fixtures[size];
      await switchDatabase(f.url);
      for (const op of OPERATIONS) for (let i = 0; i < 3; i++) await op.once(f, i);
      wrkLoad(f.base, { seconds: 3, connections: CONCURRENCY, script: f.sendScript });
    }
    pageSamples.clear();

    const samples = new Map<string, number[]>();
    const sends: Record<Size, LoadResult[]> = { empty: [], large: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const size of SIZES) {
        const f = fixtures[size];
        const load = wrkLoad(f.base, { seconds: SEND_SECONDS, connections: CONCURRENCY, script: f.sendScript });
        if (!load) throw new Error("bench:scale needs wrk (apt-get install wrk)");
        sends[size].push(load);
        await switchDatabase(f.url);
        for (const op of OPERATIONS) {
          const key = `${op.name}|${size}`;
          const list = samples.get(key) ?? [];
          for (let i = 0; i < (op.pages ? 2 : ITERATIONS); i++) {
            const t0 = performance.now();
            await op.once(f, round * ITERATIONS + i);
            list.push(performance.now() - t0);
          }
          samples.set(key, list);
        }
        console.log(`round ${round + 1} ${size}: send ${fmt(load.rps, 0)}/s p99 ${fmt(load.p99)} ms`);
      }
    }

    const stats = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return { p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), n: s.length };
    };
    const median = (rs: LoadResult[]) => [...rs].sort((a, b) => a.rps - b.rps)[Math.floor(rs.length / 2)]!;
    const rows: string[] = [];
    const [se, sl] = [median(sends.empty), median(sends.large)];
    // p99 varies more between rounds than throughput: the median of the rounds' p99s, not the median round's.
    const p99 = (rs: LoadResult[]) => rs.map((r) => r.p99).sort((a, b) => a - b)[Math.floor(rs.length / 2)]!;
    const [pe, pl] = [p99(sends.empty), p99(sends.large)];
    const sendOk = sl.rps >= 0.8 * se.rps && pl <= 1.2 * pe;
    rows.push(`| API: bot send, 16 bots (req/s, median round) | ${fmt(se.rps, 0)} | ${fmt(sl.rps, 0)} | ${fmt(sl.rps / se.rps, 2)} | ≥ 0.8 × empty | ${sl.rps >= 0.8 * se.rps ? "ok" : "MISS"} |`);
    rows.push(`| API: bot send, p99 ms (median of the rounds') | ${fmt(pe)} | ${fmt(pl)} | ${fmt(pl / pe, 2)} | ≤ 1.2 × empty | ${pl <= 1.2 * pe ? "ok" : "MISS"} |`);
    for (const op of OPERATIONS) {
      const [e, l] = SIZES.map((size) =>
        stats(op.pages ? pageSamples.get(fixtures[size].url)! : samples.get(`${op.name}|${size}`)!),
      ) as [ReturnType<typeof stats>, ReturnType<typeof stats>];
      const cell = (s: ReturnType<typeof stats>) => `${fmt(s.p50)} / ${fmt(s.p95)} / ${fmt(s.p99)}`;
      const ok = op.kind === "api" ? l.p50 <= 1.2 * e.p50 : l.p95 < 100;
      rows.push(
        `| ${op.name} (n=${e.n}/${l.n}) | ${cell(e)} | ${cell(l)} | ${fmt(l.p50 / e.p50, 2)} | ${op.kind === "api" ? "p50 ≤ 1.2 × empty" : "p95 < 100 ms"} | ${ok ? "ok" : "MISS"} |`,
      );
    }
    const totalPaged = SIZES.map((size) => stats(samples.get(`${OPERATIONS[0]!.name}|${size}`)!).p50);
    console.log(`\nbench:scale — ${ROUNDS} interleaved rounds (empty, large, ...), send ${SEND_SECONDS} s at concurrency ${CONCURRENCY} per round, ${ITERATIONS} runs of each read per round; ${new Date().toISOString()}\n`);
    console.log("| operation | empty p50 / p95 / p99 ms | large p50 / p95 / p99 ms | large/empty (p50) | target | verdict |");
    console.log("|---|---|---|---|---|---|");
    for (const row of rows) console.log(row);
    console.log(`\nthe bot's whole conversation list (every page in turn), p50: ${fmt(totalPaged[0]!)} ms empty, ${fmt(totalPaged[1]!)} ms large`);
    console.log(`send rounds (req/s, p99 ms): empty ${sends.empty.map((r) => `${fmt(r.rps, 0)}, ${fmt(r.p99)}`).join(" / ")}; large ${sends.large.map((r) => `${fmt(r.rps, 0)}, ${fmt(r.p99)}`).join(" / ")}; send ${sendOk ? "within" : "outside"} target`);
  } catch (error) {
    for (const app of started) console.error(`--- server log (errors) ---\n${app.log().split("\n").filter((l) => /error|Error/.test(l)).slice(-20).join("\n")}`);
    throw error;
  } finally {
    await disconnectDb();
    for (const app of started) await app.stop();
    if (dbs.server?.owned) await dbs.server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
