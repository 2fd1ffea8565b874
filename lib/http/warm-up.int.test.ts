import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as messagesRoute from "@/app/api/public/v1/conversations/[id]/messages/route";
import * as readyRoute from "@/app/api/ready/route";
import { createConversation } from "@/lib/conversations/create-conversation";
import { db, disconnectDb, pool, poolSize } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { databaseUrl, selectDatabase } from "@/lib/db/url";
import { ApiError } from "@/lib/errors";
import { runWarmUp, warmingCheck } from "@/lib/health/warming";
import { startHeartbeat } from "@/lib/health/worker-heartbeat";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api, idem } from "@/test/api/client";
import { captureLog } from "@/test/log-lines";
import { serveRoutes, type RouteHttp } from "@/test/route-http";
import { sendRehearsal, warmUp, WARM_UP_REQUESTS } from "./warm-up";

// The app server's warm-up (docs/decisions/041-one-busy-bot.md, "Amendment"), against the real send route served over
// HTTP on loopback and the test file's database: every connection of the pool is opened and holds the send's
// statements, nothing is written, the route's own sends then run on those connections, GET /api/ready says `warming`
// until it ended, a database that does not answer ends it without failing anything, and its requests (no key) are not
// counted by the credential throttle.

let world: SeededWorld;
let http: RouteHttp;

beforeAll(async () => {
  world = await seedWorld();
  http = await serveRoutes([
    [/^\/api\/public\/v1\/conversations\/([^/]+)\/messages$/, messagesRoute, (m) => ({ id: m[1] })],
  ]);
});

afterAll(async () => {
  await http?.close();
});

/** What the warm-up must leave as it found: every table a send writes, the throttles' and the security events. */
const footprint = async () =>
  (
    await sql().unchecked<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM messages) AS messages, (SELECT count(*)::int FROM drafts) AS drafts,
              (SELECT count(*)::int FROM idempotency_keys) AS idempotency_keys,
              (SELECT count(*)::int FROM audit_log) AS audit_log,
              (SELECT COALESCE(sum(n), 0)::int FROM bot_hourly_sends) AS hourly_sends,
              (SELECT count(*)::int FROM bot_rate_buckets) AS rate_buckets,
              (SELECT count(*)::int FROM rate_limits) AS rate_limits,
              (SELECT count(*)::int FROM security_events) AS security_events,
              (SELECT COALESCE(sum(last_seq), 0)::int FROM conversations) AS seqs`,
    )
  )[0]!;

const credentialCounts = async () =>
  (await sql().unchecked<{ n: number }>(`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE 'credentials%'`))[0]!
    .n;

describe("the warm-up", () => {
  it("opens every connection of the pool with the send's statements prepared, writes nothing, and sends then run on them", async () => {
    const before = await footprint();
    await disconnectDb(); // a fresh pool, as a fresh server has
    // Another copy of the modules, as instrumentation.ts's bundle is beside the routes': the connections it prepares
    // statements on are the routes' too, and the routes must know it (lib/db/sql.ts `preparedOn`).
    vi.resetModules();
    const fresh = (await import("./warm-up")) as typeof import("./warm-up");
    expect(fresh.warmUp).not.toBe(warmUp);
    const log = captureLog();
    let outcome;
    try {
      outcome = await fresh.warmUp({ origin: http.origin, connections: poolSize() });
    } finally {
      log.stop();
    }
    expect(outcome).toMatchObject({
      connections_warmed: poolSize(),
      connections_failed: 0,
      requests_answered: WARM_UP_REQUESTS,
      statuses: { 401: WARM_UP_REQUESTS },
    });
    expect(log.lines().filter((line) => line.level !== "info")).toEqual([]);

    // Every connection, held at once: the pool opens none more, and each holds every statement of the rehearsal.
    const { rehearsal, missing } = sendRehearsal();
    expect(missing).toEqual([]);
    const clients = await Promise.all(Array.from({ length: poolSize() }, () => pool().connect()));
    try {
      expect(pool().totalCount).toBe(poolSize());
      for (const client of clients) {
        const prepared = (
          await client.query<{ name: string; from_sql: boolean }>("SELECT name, from_sql FROM pg_prepared_statements")
        ).rows;
        // lib/db/sql.ts's names: `relay_<sha1>` as node-postgres prepares it, with an `x` before as `pipeline` does.
        const holds = (text: string, fromSql: boolean) => {
          const name = `${fromSql ? "x" : ""}relay_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
          return prepared.some((p) => p.name === name && p.from_sql === fromSql);
        };
        for (const { query } of rehearsal.pipelined) expect(holds(query.text, true), query.name).toBe(true);
        for (const query of rehearsal.preparedOnly) expect(holds(query.text, true), query.name).toBe(true);
        for (const { query } of rehearsal.queried) expect(holds(query.text, false), query.name).toBe(true);
      }
    } finally {
      for (const client of clients) client.release();
    }
    expect(await footprint()).toEqual(before);
    // The Prisma client is not the warm-up's copy's: the text net's refusal is this copy's ApiError (a 422, not a 500).
    await expect(db().contact.findMany({ where: { name: { contains: "\u0000" } } })).rejects.toBeInstanceOf(ApiError);

    // The route's sends, more at once than the pool has connections: each runs on a warmed one, none prepares a
    // statement the warm-up prepared (which PostgreSQL would refuse: "already exists").
    const helper = world.bots.find((b) => b.established)!;
    const conversations = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        createConversation(person(world.people[0]!.id, "cli"), {
          workspaceId: world.workspace.id,
          title: `Warm ${i}`,
          botIds: [helper.id],
        }),
      ),
    );
    const sends = await Promise.all(
      Array.from({ length: 2 * poolSize() }, (_, i) =>
        api("POST", `/conversations/${conversations[i % conversations.length]!.id}/messages`, {
          key: helper.api_key,
          idempotencyKey: idem(),
          body: { body: `After the warm-up ${i}` },
        }),
      ),
    );
    expect(sends.map((s) => s.status)).toEqual(sends.map(() => 201));
    expect(pool().totalCount).toBe(poolSize());
  });

  it("keeps GET /api/ready at 503 `warming` until it ended, then the other checks run and it is 200", async () => {
    const beat = await startHeartbeat(() => {}); // a worker's beat, as a deployment has
    const log = captureLog();
    try {
      const running = runWarmUp((signal) => warmUp({ origin: http.origin, connections: poolSize(), signal }));
      const during = await readyNow();
      expect(during.status).toBe(503);
      expect(during.body).toMatchObject({
        status: "not_ready",
        failed: "warming",
        checks: [{ name: "warming", ok: false, detail: expect.stringMatching(/^warming up for \d+\.\d s$/) }],
      });
      await running;
      const after = await readyNow();
      expect(after.status).toBe(200);
      expect(after.body.checks).toEqual([
        { name: "warming", ok: true, detail: expect.stringMatching(/^done in \d+\.\d s$/) },
        expect.objectContaining({ name: "database", ok: true }),
        expect.objectContaining({ name: "migrations", ok: true }),
        expect.objectContaining({ name: "worker", ok: true }),
      ]);
    } finally {
      log.stop();
      await beat.stop();
    }
    expect(log.lines().find((line) => line.msg === "warm-up done")).toMatchObject({
      connections_warmed: poolSize(),
      requests_answered: WARM_UP_REQUESTS,
    });
  });

  it("ends, logged, when the database does not answer: nothing fails, the request path is warmed, and ready may follow", async () => {
    const url = databaseUrl()!;
    await disconnectDb();
    selectDatabase("postgresql://relay@127.0.0.1:1/nowhere"); // nothing listens on port 1
    const log = captureLog();
    try {
      await runWarmUp((signal) => warmUp({ origin: http.origin, connections: 3, signal }));
    } finally {
      log.stop();
      await disconnectDb();
      selectDatabase(url);
    }
    expect(warmingCheck()).toMatchObject({ ok: true, detail: expect.stringMatching(/^done in /) });
    const lines = log.lines();
    expect(lines.find((line) => line.msg === "warm-up: connections not readied")).toMatchObject({
      level: "error",
      failed: 3,
      of: 3,
    });
    // The send route answers 401 before it reads anything: the database is not needed for that half.
    expect(lines.find((line) => line.msg === "warm-up done")).toMatchObject({
      connections_warmed: 0,
      requests_answered: WARM_UP_REQUESTS,
    });
    // The database back: the pool works as before.
    expect(await sql().unchecked("SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });

  it("sends no key, so the credential throttle counts none of its requests (a wrong key would be counted)", async () => {
    const before = await footprint();
    expect(await credentialCounts()).toBe(0);
    const log = captureLog();
    let outcome;
    try {
      // Twice the lockout's 50 failures: keyless requests are not failures at all.
      outcome = await warmUp({ origin: http.origin, connections: 1, requests: 2 * WARM_UP_REQUESTS });
    } finally {
      log.stop();
    }
    expect(outcome).toMatchObject({ requests_answered: 2 * WARM_UP_REQUESTS, statuses: { 401: 2 * WARM_UP_REQUESTS } });
    expect(await footprint()).toEqual(before);
    expect(await credentialCounts()).toBe(0);

    // What the throttle would have seen of a wrong key: counted at once.
    const wrong = await api("POST", `/conversations/${world.conversations[0]!.id}/messages`, {
      key: "amk_not_a_real_key",
      idempotencyKey: idem(),
      body: { body: "guess" },
    });
    expect(wrong.status).toBe(401);
    expect(await credentialCounts()).toBe(1);
  });
});

async function readyNow() {
  const response = await readyRoute.GET();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer's body is inspected freely
  return { status: response.status, body: (await response.json()) as any };
}
