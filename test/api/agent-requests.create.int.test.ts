import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { setBotStatus } from "@/lib/bots/set-bot-status";
import { setWorkspaceStatus } from "@/lib/workspaces/set-workspace-status";
import { revokeConnection } from "@/lib/agents/revoke-connection";
import { proposeConnection } from "@/lib/agents/propose-connection";
import { systemActor } from "@/lib/people/actor";
import { connectedPair, type Pair } from "@/test/agents";
import { api, idem } from "./client";

// POST /agent-requests: every status it answers, each with its body (docs/api-contract.md#agent-requests).

let pair: Pair;
const ask = (body: unknown, options: { key?: string | null; idempotencyKey?: string | null } = {}) =>
  api("POST", "/agent-requests", {
    key: options.key === undefined ? pair.a.api_key : options.key,
    body,
    idempotencyKey: options.idempotencyKey === null ? undefined : (options.idempotencyKey ?? idem()),
  });
const question = (extra: Record<string, unknown> = {}) => ({
  to: pair.b.handle,
  type: "availability",
  question: "Is Tuesday 10:00 free for a visit?",
  ...extra,
});

async function deliveriesTo(botId: string) {
  return db().webhookDelivery.findMany({
    where: { botId, eventType: { startsWith: "agent_request." } },
    orderBy: { createdAt: "asc" },
  });
}

beforeAll(async () => {
  pair = await connectedPair({
    aToB: ["availability", "info", "document"],
    bToA: ["info"],
    webhookA: "https://a.example.com/hook",
    webhookB: "https://b.example.com/hook",
  });
});

describe("201", () => {
  it("awaiting_response: the request reaches the addressed bot at once, with agent_request.created", async () => {
    const res = await ask(question({ to: `@${pair.b.handle.toUpperCase()}` }));
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      from: { bot_id: pair.a.id, handle: pair.a.handle },
      to: { bot_id: pair.b.id, handle: pair.b.handle },
      type: "availability",
      question: "Is Tuesday 10:00 free for a visit?",
      status: "awaiting_response",
      reasons: [],
      response: null,
      created_at: expect.any(String),
      answered_at: null,
      expires_at: expect.any(String),
    });
    expect(Date.parse(res.body.data.expires_at) - Date.parse(res.body.data.created_at)).toBe(72 * 3_600_000);
    const [delivery] = (await deliveriesTo(pair.b.id)).filter(
      (d) => (d.payload as { data: { agent_request: { id: string } } }).data.agent_request.id === res.body.data.id,
    );
    expect(delivery).toMatchObject({
      eventType: "agent_request.created",
      conversationId: null,
      workspaceId: pair.worldB.workspace.id,
    });
    expect((delivery!.payload as { data: unknown }).data).toEqual({ agent_request: res.body.data });
  });

  it("pending_approval when the connection requires approval, the asking bot is new, or the question talks money; nothing reaches the other bot", async () => {
    const held = await connectedPair({ requiresApproval: true, webhookB: "https://b.example.com/hook" });
    const res = await api("POST", "/agent-requests", {
      key: held.a.api_key,
      idempotencyKey: idem(),
      body: { to: held.b.handle, type: "info", question: "What are your opening hours?" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: "pending_approval", reasons: ["approval_required"] });
    expect(await deliveriesTo(held.b.id)).toEqual([]);

    // Bot B of a one-workspace pair is the seed's new bot: held as new_bot, and money is held too.
    const local = await connectedPair({ sameWorkspace: true, aToB: ["info"], bToA: ["info"] });
    const fromNew = await api("POST", "/agent-requests", {
      key: local.b.api_key,
      idempotencyKey: idem(),
      body: { to: local.a.handle, type: "info", question: "Can you refund the $250 invoice?" },
    });
    expect(fromNew.status).toBe(201);
    expect(fromNew.body.data).toMatchObject({ status: "pending_approval", reasons: ["new_bot", "sensitive_money"] });
  });

  it("a replay with the same Idempotency-Key returns the first result and creates nothing", async () => {
    const key = idem();
    const first = await ask(question({ question: "Once only?" }), { idempotencyKey: key });
    const again = await ask(question({ question: "Once only?" }), { idempotencyKey: key });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await db().agentRequest.count({ where: { question: "Once only?" } })).toBe(1);
  });
});

describe("400", () => {
  it("idempotency_key_required without the header; invalid_json for a body that is not JSON", async () => {
    const res = await ask(question(), { idempotencyKey: null });
    expect(res).toMatchObject({ status: 400, body: { error: { code: "idempotency_key_required" } } });
    const bad = await api("POST", "/agent-requests", { key: pair.a.api_key, rawBody: "{to:", idempotencyKey: idem() });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: "invalid_json" } } });
  });
});

describe("401", () => {
  it("unauthorized without a key or with a wrong one", async () => {
    expect(await ask(question(), { key: null })).toMatchObject({
      status: 401,
      body: { error: { code: "unauthorized" } },
    });
    expect((await ask(question(), { key: "amk_nope" })).status).toBe(401);
  });
});

describe("403", () => {
  it("no_trusted_connection: no connection, an unknown bot, itself, a proposal not yet accepted, a revoked connection", async () => {
    const other = await connectedPair();
    for (const to of [other.b.handle, "no-such-bot", pair.a.handle]) {
      const res = await ask(question({ to }));
      expect(res.status, to).toBe(403);
      expect(res.body.error.code, to).toBe("no_trusted_connection");
    }
    const pending = await proposeConnection(pair.adminA, {
      botId: pair.a.id,
      otherWorkspace: other.worldB.workspace.slug,
      otherHandle: other.b.handle,
      typesToOther: ["availability"],
      typesFromOther: [],
      requiresApproval: false,
    });
    expect((await ask(question({ to: other.b.handle }))).body.error.code).toBe("no_trusted_connection");
    await revokeConnection(pair.adminA, pending.id);
    expect((await ask(question({ to: other.b.handle }))).body.error.code).toBe("no_trusted_connection");
  });

  it("type_not_allowed: a type the connection does not allow in this direction", async () => {
    const res = await ask(question({ type: "schedule_proposal" }));
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: "type_not_allowed",
      message: expect.stringContaining("allowed: availability, info, document"),
    });
    // B may ask A only for info.
    const back = await api("POST", "/agent-requests", {
      key: pair.b.api_key,
      idempotencyKey: idem(),
      body: { to: pair.a.handle, type: "document", question: "The contract?" },
    });
    expect(back.body.error.code).toBe("type_not_allowed");
    const allowed = await api("POST", "/agent-requests", {
      key: pair.b.api_key,
      idempotencyKey: idem(),
      body: { to: pair.a.handle, type: "info", question: "Your hours?" },
    });
    expect(allowed.status).toBe(201);
  });

  it("workspace_suspended: the asking bot's workspace, or the addressed bot's", async () => {
    const p = await connectedPair();
    await setWorkspaceStatus(systemActor, { workspaceId: p.worldB.workspace.id, status: "suspended" });
    const theirs = await api("POST", "/agent-requests", {
      key: p.a.api_key,
      idempotencyKey: idem(),
      body: { to: p.b.handle, type: "info", question: "Hi?" },
    });
    expect(theirs).toMatchObject({
      status: 403,
      body: { error: { code: "workspace_suspended", reasons: ["workspace_suspended"] } },
    });
    await setWorkspaceStatus(systemActor, { workspaceId: p.worldB.workspace.id, status: "active" });
    await setWorkspaceStatus(systemActor, { workspaceId: p.worldA.workspace.id, status: "suspended" });
    const mine = await api("POST", "/agent-requests", {
      key: p.a.api_key,
      idempotencyKey: idem(),
      body: { to: p.b.handle, type: "info", question: "Hi?" },
    });
    expect(mine).toMatchObject({ status: 403, body: { error: { code: "workspace_suspended" } } });
    expect(await db().agentRequest.count({ where: { fromBotId: p.a.id } })).toBe(0);
  });

  it("policy_blocked: a secret in the question (kept out of the policy log), a stopped bot", async () => {
    const res = await ask(
      question({ type: "info", question: "Use key sk_live_51HqLyjWDarjtT1zdp7dcXzY9AbCdEfGhIjKlMnOp to check" }),
    );
    expect(res).toMatchObject({
      status: 403,
      body: { error: { code: "policy_blocked", reasons: ["secrets_detected"] } },
    });
    expect(
      await db().policyDecision.findFirstOrThrow({ where: { botId: pair.a.id, mode: "agent_request" } }),
    ).toMatchObject({ outcome: "blocked", reasons: ["secrets_detected"], excerpt: null, conversationId: null });

    const p = await connectedPair();
    await setBotStatus(systemActor, { botId: p.a.id, status: "stopped" });
    const stopped = await api("POST", "/agent-requests", {
      key: p.a.api_key,
      idempotencyKey: idem(),
      body: { to: p.b.handle, type: "info", question: "Hi?" },
    });
    expect(stopped).toMatchObject({
      status: 403,
      body: { error: { code: "policy_blocked", reasons: ["bot_stopped"] } },
    });
  });
});

describe("409", () => {
  it("idempotency_key_reused: the same key with another request", async () => {
    const key = idem();
    await ask(question({ question: "First" }), { idempotencyKey: key });
    const res = await ask(question({ question: "Second" }), { idempotencyKey: key });
    expect(res).toMatchObject({ status: 409, body: { error: { code: "idempotency_key_reused" } } });
  });
});

describe("413", () => {
  it("payload_too_large: a body over 256 KiB", async () => {
    const res = await api("POST", "/agent-requests", {
      key: pair.a.api_key,
      idempotencyKey: idem(),
      rawBody: JSON.stringify(question({ question: "x".repeat(300 * 1024) })),
    });
    expect(res).toMatchObject({ status: 413, body: { error: { code: "payload_too_large" } } });
  });
});

describe("422", () => {
  it("invalid_body: a question over 4000 characters, missing or unknown fields, an unknown type, an Idempotency-Key over 64", async () => {
    expect((await ask(question({ question: "q".repeat(4001) }))).body.error).toMatchObject({
      code: "invalid_body",
      message: expect.stringContaining("at most 4000"),
    });
    expect((await ask(question({ question: "q".repeat(4000) }))).status).toBe(201);
    for (const body of [
      { to: pair.b.handle, type: "info" },
      { type: "info", question: "?" },
      question({ type: "gossip" }),
      question({ from: pair.b.handle }),
      question({ question: "   " }),
    ]) {
      const res = await ask(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.code).toBe("invalid_body");
    }
    expect((await ask(question(), { idempotencyKey: "k".repeat(65) })).status).toBe(422);
  });
});
