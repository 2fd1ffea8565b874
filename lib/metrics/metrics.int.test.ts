import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Env } from "@/lib/env";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { embeddingModelId } from "@/lib/embeddings/encoder";
import { botRoute, reply } from "@/lib/http/bot-route";
import { eventStream } from "@/lib/http/sse";
import { log } from "@/lib/log";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { rejectDraft } from "@/lib/drafts/approve-draft";
import { ANYONE, BUILT_IN } from "@/lib/policy/overview/names";
import { json } from "@/lib/openapi/operation";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { serveWorkerMetrics } from "@/jobs/metrics-server";
import { api, idem } from "@/test/api/client";
import { captureLog } from "@/test/log-lines";
import { startReceiver, type Receiver } from "@/test/receiver";
import { z } from "zod";
import * as route from "@/app/api/metrics/route";

// GET /api/metrics (docs/guides/operators.md "Metrics and logs"): absent without METRICS_TOKEN, 401 on a wrong token,
// and the text format with every family the operators' guide lists; what the product does moves the counters and gauges
// it names. And the log: one JSON object a line, each carrying the request id of the request that wrote it.

const settings: Partial<Env> = {};
vi.mock("@/lib/env", async (original) => {
  const actual = await original<typeof import("@/lib/env")>();
  return { ...actual, env: () => ({ ...actual.env(), ...settings }) };
});

const TOKEN = "metrics-token-of-the-test-0123456789";
const URL_ = "http://relay.test/api/metrics";

const get = (headers: Record<string, string> = {}) => route.GET(new Request(URL_, { headers }), undefined);
const scrape = async () => {
  const response = await get({ authorization: `Bearer ${TOKEN}` });
  expect(response.status).toBe(200);
  return response.text();
};

/** A sample's value in the text format, by name and labels (all of them, in any order); undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (
      Object.keys(found).length === Object.keys(labels).length &&
      Object.entries(labels).every(([k, v]) => found[k] === v)
    )
      return Number(match[3]);
  }
  return undefined;
}

let world: SeededWorld;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  world = await seedWorld({ webhookUrl: receiver.url });
});
afterAll(() => receiver.close());
beforeEach(() => {
  for (const key of Object.keys(settings)) delete settings[key as keyof Env];
  settings.METRICS_TOKEN = TOKEN;
});

describe("the endpoint's door", () => {
  it("is absent without METRICS_TOKEN: every method answers the catch-all's 404", async () => {
    delete settings.METRICS_TOKEN;
    for (const response of [await get(), await get({ authorization: `Bearer ${TOKEN}` })]) {
      expect(response.status).toBe(404);
      const body = await response.json();
      expect(body.error).toMatchObject({ code: "not_found", message: "No route GET /api/metrics" });
      expect(body.error.request_id).toBe(response.headers.get("x-request-id"));
    }
    const post = route.POST(new Request(URL_, { method: "POST" }));
    expect(post.status).toBe(404);
    expect(route.OPTIONS(new Request(URL_, { method: "OPTIONS" })).status).toBe(404);
  });

  it("refuses a missing or wrong token with a bare 401", async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const response = await get(headers);
      expect(response.status, JSON.stringify(headers)).toBe(401);
      const body = await response.json();
      expect(body.error).toMatchObject({ code: "unauthorized", message: "Unauthorized" });
      expect(JSON.stringify(body)).not.toContain("METRICS");
    }
    expect(route.POST(new Request(URL_, { method: "POST" })).status).toBe(405);
  });

  it("serves the text format with every family the operators' guide lists, and the process's own metrics", async () => {
    const response = await get({ authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("x-request-id")).toBeTruthy();
    const text = await response.text();
    for (const [name, type] of [
      ["relay_policy_decisions_total", "counter"],
      ["relay_policy_decision_reasons_total", "counter"],
      ["relay_policy_bot_verdicts_total", "counter"],
      ["relay_approval_decision_seconds", "histogram"],
      ["relay_approvals_waiting", "gauge"],
      ["relay_approvals_oldest_waiting_seconds", "gauge"],
      ["relay_http_request_duration_seconds", "histogram"],
      ["relay_webhook_attempts_total", "counter"],
      ["relay_sse_streams_open", "gauge"],
      ["relay_jobs", "gauge"],
      ["relay_job_oldest_ready_age_seconds", "gauge"],
      ["relay_job_outbox_unsent", "gauge"],
      ["relay_job_outbox_oldest_unsent_age_seconds", "gauge"],
      ["relay_embedding_backlog", "gauge"],
      ["relay_embedding_coverage_ratio", "gauge"],
      ["relay_notification_backlog", "gauge"],
      ["relay_metrics_database_read_ok", "gauge"],
      ["process_cpu_seconds_total", "counter"],
      ["process_resident_memory_bytes", "gauge"],
      ["nodejs_eventloop_lag_seconds", "gauge"],
    ]) {
      expect(text, name).toContain(`# TYPE ${name} ${type}\n`);
    }
    expect(sample(text, "relay_metrics_database_read_ok")).toBe(1);
    // Read from the database now: the seeded world's conversations are linked to contacts and none is embedded yet.
    expect(sample(text, "relay_embedding_backlog", { kind: "conversations" })).toBeGreaterThan(0);
    // The current model is always reported, here with nothing embedded (lib/memory/switch-model.int.test.ts follows a
    // switch of model on this gauge).
    expect(sample(text, "relay_embedding_coverage_ratio", { model: embeddingModelId(), current: "true" })).toBe(0);
  });
});

describe("what the product does moves the metrics", () => {
  const helper = () => world.bots[0]!; // established: sent
  const scheduler = () => world.bots[1]!; // new: held (new_bot)

  it("a send counts its verdict and its reasons, and its latency under the route's template", async () => {
    const before = await scrape();
    const conversation = world.conversations[0]!.id; // both bots are authorized here
    const sent = await api("POST", `/conversations/${conversation}/messages`, {
      key: helper().api_key,
      body: { body: "Your order shipped." },
      idempotencyKey: idem(),
    });
    expect(sent.status).toBe(201);
    const held = await api("POST", `/conversations/${conversation}/messages`, {
      key: scheduler().api_key,
      body: { body: "Shall I book Tuesday?" },
      idempotencyKey: idem(),
    });
    expect(held.status).toBe(202);
    const after = await scrape();

    const delta = (name: string, labels: Record<string, string>) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta("relay_policy_decisions_total", { mode: "send", verdict: "sent" })).toBe(1);
    expect(delta("relay_policy_decisions_total", { mode: "send", verdict: "held" })).toBe(1);
    expect(delta("relay_policy_decision_reasons_total", { mode: "send", verdict: "held", reason: "new_bot" })).toBe(1);
    expect(delta("relay_policy_decision_reasons_total", { mode: "send", verdict: "sent", reason: "new_bot" })).toBe(0);
    expect(delta("relay_policy_bot_verdicts_total", { bot: helper().id, verdict: "sent" })).toBe(1);
    expect(delta("relay_policy_bot_verdicts_total", { bot: scheduler().id, verdict: "held" })).toBe(1);
    expect(delta("relay_policy_bot_verdicts_total", { bot: helper().id, verdict: "held" })).toBe(0);
    const template = "/api/public/v1/conversations/{id}/messages";
    expect(delta("relay_http_request_duration_seconds_count", { method: "POST", route: template, status: "201" })).toBe(
      1,
    );
    expect(delta("relay_http_request_duration_seconds_count", { method: "POST", route: template, status: "202" })).toBe(
      1,
    );
    // Never the raw path: the conversation's id is in no label.
    expect(after).not.toContain(conversation);
  });

  it("a delivery attempt counts its outcome", async () => {
    const before = await scrape();
    const conversation = world.conversations[1]!.id; // helper only
    const since = new Date();
    await postPersonMessage(person(world.people[0]!.id, "web"), {
      conversationId: conversation,
      body: "Where is my order?",
    });
    const delivery = await db().webhookDelivery.findFirstOrThrow({
      where: { createdAt: { gte: since }, eventType: "message.created" },
    });
    receiver.respond = (_req, res) => {
      res.statusCode = 500;
      res.end("down");
    };
    expect(await attemptDelivery(delivery.id)).toMatchObject({ status: "pending" });
    receiver.respond = (_req, res) => res.end("ok");
    expect(await attemptDelivery(delivery.id, { now: new Date(Date.now() + 10_000) })).toMatchObject({
      status: "succeeded",
    });
    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      (sample(after, "relay_webhook_attempts_total", labels) ?? 0) -
      (sample(before, "relay_webhook_attempts_total", labels) ?? 0);
    expect(delta({ trigger: "delivery", outcome: "retrying" })).toBe(1);
    expect(delta({ trigger: "retry", outcome: "succeeded" })).toBe(1);
    expect(delta({ trigger: "delivery", outcome: "failed" })).toBe(0);
  });

  it("the queue's depth and the age of its oldest ready job are read from graphile-worker's tables", async () => {
    const task = "metrics_probe";
    const none = await scrape();
    expect(sample(none, "relay_jobs", { task, state: "ready" })).toBeUndefined();
    for (let i = 0; i < 3; i++)
      await sql().unchecked(
        "SELECT graphile_worker.add_job($1, '{}'::json, run_at := now() - make_interval(secs => $2))",
        [task, 90 + i * 10],
      );
    await sql().unchecked("SELECT graphile_worker.add_job($1, '{}'::json, run_at := now() + interval '1 hour')", [
      task,
    ]);
    const text = await scrape();
    expect(sample(text, "relay_jobs", { task, state: "ready" })).toBe(3);
    expect(sample(text, "relay_jobs", { task, state: "scheduled" })).toBe(1);
    expect(sample(text, "relay_jobs", { task, state: "running" })).toBe(0);
    const age = sample(text, "relay_job_oldest_ready_age_seconds", { task })!;
    expect(age).toBeGreaterThanOrEqual(110);
    expect(age).toBeLessThan(170);

    await sql().unchecked(
      `DELETE FROM graphile_worker._private_jobs WHERE task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = $1)`,
      [task],
    );
    const emptied = await scrape();
    expect(sample(emptied, "relay_jobs", { task, state: "ready" })).toBeUndefined();
    expect(sample(emptied, "relay_job_oldest_ready_age_seconds", { task })).toBeUndefined();
  });

  it("the job outbox (JOBS_ENGINE=inngest): unsent rows by task and the age of the oldest, sent and replaced ones not counted", async () => {
    const task = "metrics_outbox_probe";
    const none = await scrape();
    expect(sample(none, "relay_job_outbox_unsent", { task })).toBeUndefined();
    expect(sample(none, "relay_job_outbox_oldest_unsent_age_seconds", { task })).toBeUndefined();
    // Two unsent (committed 100 s and 10 s ago: the relay is stuck), one sent, one replaced after it was sent.
    await sql().unchecked(
      `INSERT INTO job_outbox (task, created_at, sent_at, cancelled_at) VALUES
         ($1, now() - interval '100 seconds', NULL, NULL), ($1, now() - interval '10 seconds', NULL, NULL),
         ($1, now() - interval '1 hour', now(), NULL), ($1, now() - interval '2 hours', now(), now())`,
      [task],
    );
    const text = await scrape();
    expect(sample(text, "relay_job_outbox_unsent", { task })).toBe(2);
    const age = sample(text, "relay_job_outbox_oldest_unsent_age_seconds", { task })!;
    expect(age).toBeGreaterThanOrEqual(100);
    expect(age).toBeLessThan(160);

    await sql().unchecked("UPDATE job_outbox SET sent_at = now() WHERE task = $1", [task]); // the relay caught up
    const sent = await scrape();
    expect(sample(sent, "relay_job_outbox_unsent", { task })).toBeUndefined();
    expect(sample(sent, "relay_job_outbox_oldest_unsent_age_seconds", { task })).toBeUndefined();
    await sql().unchecked("DELETE FROM job_outbox WHERE task = $1", [task]);
  });

  it("the notification backlog counts what is written but not yet sent, per channel", async () => {
    const before = await scrape();
    const email = sample(before, "relay_notification_backlog", { channel: "email" })!;
    const push = sample(before, "relay_notification_backlog", { channel: "push" })!;
    expect(email).toBeGreaterThanOrEqual(0);
    const person = world.people[0]!;
    await sql().unchecked(
      `INSERT INTO notifications (user_id, workspace_id, kind, subject_id, dedupe_key, title, body, path, push_status)
       VALUES ($1, $2, 'approval', gen_random_uuid(), 'metrics-probe', 'A probe', 'waits', '/chat', 'sent')`,
      [person.id, world.workspace.id],
    );
    const text = await scrape();
    expect(sample(text, "relay_notification_backlog", { channel: "email" })).toBe(email + 1);
    expect(sample(text, "relay_notification_backlog", { channel: "push" })).toBe(push);
    await sql().unchecked("DELETE FROM notifications WHERE dedupe_key = 'metrics-probe'");
  });

  it("what waits for a person, how long it waited, and the time people took to decide it", async () => {
    const conversation = world.conversations[0]!.id;
    const held = await api("POST", `/conversations/${conversation}/messages`, {
      key: scheduler().api_key,
      body: { body: "Shall I book Thursday?" },
      idempotencyKey: idem(),
    });
    expect(held.status).toBe(202);
    const draftId = (held.body as { data: { approval_id: string } }).data.approval_id;
    await sql().unchecked("UPDATE drafts SET created_at = now() - interval '2 hours' WHERE id = $1", [draftId]);
    const waiting = { workspace: world.workspace.id, group: ANYONE };
    const before = await scrape();
    expect(sample(before, "relay_approvals_waiting", waiting)).toBeGreaterThanOrEqual(1);
    expect(sample(before, "relay_approvals_oldest_waiting_seconds", waiting)).toBeGreaterThanOrEqual(7_200);

    await rejectDraft(person(world.people[0]!.id, "web"), { draftId });
    const after = await scrape();
    const decided = { ...waiting, rule: BUILT_IN, decision: "rejected" };
    const delta = (name: string, labels: Record<string, string>) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta("relay_approval_decision_seconds_count", decided)).toBe(1);
    // Two hours: past the 1-hour bucket, within the 4-hour one.
    expect(delta("relay_approval_decision_seconds_bucket", { ...decided, le: "3600" })).toBe(0);
    expect(delta("relay_approval_decision_seconds_bucket", { ...decided, le: "14400" })).toBe(1);
    expect(sample(after, "relay_approvals_waiting", waiting) ?? 0).toBe(sample(before, "relay_approvals_waiting", waiting)! - 1);
  });

  it("an open SSE stream counts until its client goes away", async () => {
    const open = async () => sample(await scrape(), "relay_sse_streams_open")!;
    const base = await open();
    const client = new AbortController();
    const response = eventStream(new Request("http://relay.test/s", { signal: client.signal }), async () => () => {});
    const reader = response.body!.getReader();
    await reader.read(); // the stream started
    expect(await open()).toBe(base + 1);
    client.abort();
    await vi.waitFor(async () => expect(await open()).toBe(base));
  });

  it("a worker serves its own metrics behind the same token", async () => {
    const server = await serveWorkerMetrics(0, "127.0.0.1");
    try {
      const at = `http://127.0.0.1:${server.port}`;
      expect((await fetch(`${at}/metrics`)).status).toBe(401);
      expect(
        (await fetch(`${at}/metrics`, { headers: { authorization: "Bearer wrong-token-wrong-token" } })).status,
      ).toBe(401);
      expect((await fetch(`${at}/other`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      const ok = await fetch(`${at}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain("# TYPE relay_webhook_attempts_total counter");
      delete settings.METRICS_TOKEN;
      expect((await fetch(`${at}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe("the log", () => {
  it("writes one JSON object a line, each with the request id the caller received", async () => {
    // A bot route of the real wrapper whose handler logs before and after reading the database.
    const probe = botRoute(
      {
        operation: {
          method: "get",
          path: "/probe",
          operationId: "probe",
          tags: ["Bot"],
          summary: "probe",
          description: "A route that logs, for this test",
          responses: { 200: json(z.object({ ok: z.boolean() }), { description: "ok" }) },
        },
      },
      async ({ bot }) => {
        log().info({ bot_id: bot.id }, "probe started");
        await db().bot.findUniqueOrThrow({ where: { id: bot.id } });
        log().warn("probe\nwith a line break in its message");
        return reply(200, { body: { ok: true } });
      },
    );
    const call = () =>
      probe(
        new Request("http://relay.test/api/public/v1/probe", {
          headers: { authorization: `Bearer ${world.bots[0]!.api_key}` },
        }),
      );
    const captured = captureLog();
    let first: Response, second: Response;
    try {
      [first, second] = await Promise.all([call(), call()]);
    } finally {
      captured.stop();
    }
    expect(first.status).toBe(200);
    const lines = captured.lines();
    expect(lines).toHaveLength(4);
    const ids = [first.headers.get("x-request-id"), second.headers.get("x-request-id")];
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) {
      const mine = lines.filter((line) => line.request_id === id);
      expect(mine.map((line) => [line.level, line.msg])).toEqual([
        ["info", "probe started"],
        ["warn", "probe\nwith a line break in its message"],
      ]);
      expect(mine[0]).toMatchObject({
        bot_id: world.bots[0]!.id,
        pid: process.pid,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    }
    // Outside a request: no request id.
    const outside = captureLog();
    log().info("between requests");
    outside.stop();
    expect(outside.lines()).toEqual([expect.not.objectContaining({ request_id: expect.anything() })]);
  });
});
