import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { setBotStatus } from "@/lib/bots/set-bot-status";
import { setWorkspaceStatus } from "@/lib/workspaces/set-workspace-status";
import { revokeConnection } from "@/lib/agents/revoke-connection";
import { systemActor } from "@/lib/people/actor";
import * as attachments from "@/app/api/public/v1/attachments/route";
import { connectedPair, type Pair } from "@/test/agents";
import { api, idem } from "./client";

// POST /agent-requests/{id}/respond: every status it answers. Only the addressed bot answers, once; an expired or
// withdrawn request cannot be answered; an attachment becomes a signed link for the asker.

const dir = mkdtempSync(path.join(os.tmpdir(), "relay-agent-attachments-"));
process.env.ATTACHMENTS_DIR = dir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let pair: Pair;
const ask = async (p: Pair = pair, question = "Do you have the signed contract?") => {
  const res = await api("POST", "/agent-requests", {
    key: p.a.api_key,
    idempotencyKey: idem(),
    body: { to: p.b.handle, type: "document", question },
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
};
const respond = (id: string, body: unknown, options: { key?: string | null; idempotencyKey?: string | null } = {}) =>
  api("POST", `/agent-requests/${id}/respond`, {
    key: options.key === undefined ? pair.b.api_key : options.key,
    body,
    idempotencyKey: options.idempotencyKey === null ? undefined : (options.idempotencyKey ?? idem()),
  });

async function upload(key: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/pdf" }));
  const request = new Request("http://relay.test/api/public/v1/attachments", {
    method: "POST",
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  const response = await attachments.POST(request);
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  pair = await connectedPair({ aToB: ["document", "info"], webhookA: "https://a.example.com/hook" });
});

describe("200", () => {
  it("answers with a body and an attachment: the asker gets agent_request.answered with a signed link valid 24 hours", async () => {
    const id = await ask();
    const bytes = new TextEncoder().encode("%PDF-1.7 the contract");
    const uploaded = await upload(pair.b.api_key, "contract.pdf", bytes);
    expect(uploaded.status).toBe(201);

    const res = await respond(id, { body: "Here it is.", attachment_id: uploaded.body.data.id });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ id, status: "answered", answered_at: expect.any(String) });
    expect(data.response).toEqual({
      body: "Here it is.",
      attachment: {
        id: uploaded.body.data.id,
        name: "contract.pdf",
        type: "application/pdf",
        size: bytes.byteLength,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        url: expect.stringMatching(/\/api\/attachments\/signed\/[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/),
        expires_at: expect.any(String),
      },
    });
    expect(Date.parse(data.response.attachment.expires_at) - Date.parse(data.answered_at)).toBeGreaterThan(
      24 * 3_600_000 - 1000,
    );
    expect(Date.parse(data.response.attachment.expires_at) - Date.parse(data.answered_at)).toBeLessThanOrEqual(
      24 * 3_600_000,
    );

    const delivery = await db().webhookDelivery.findFirstOrThrow({
      where: { botId: pair.a.id, eventType: "agent_request.answered" },
    });
    expect((delivery.payload as { data: unknown }).data).toEqual({ agent_request: data });
    // The asker reads the same answer, and the same link, from the list.
    const listed = await api("GET", "/agent-requests?direction=outgoing&status=answered", { key: pair.a.api_key });
    expect(listed.body.data[0]).toEqual(data);
  });

  it("a replay of the same Idempotency-Key returns the answer again", async () => {
    const id = await ask();
    const key = idem();
    const first = await respond(id, { body: "Yes." }, { idempotencyKey: key });
    const again = await respond(id, { body: "Yes." }, { idempotencyKey: key });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });
});

describe("400", () => {
  it("idempotency_key_required and invalid_json", async () => {
    const id = await ask();
    expect(await respond(id, { body: "x" }, { idempotencyKey: null })).toMatchObject({
      status: 400,
      body: { error: { code: "idempotency_key_required" } },
    });
    const bad = await api("POST", `/agent-requests/${id}/respond`, {
      key: pair.b.api_key,
      rawBody: "nope",
      idempotencyKey: idem(),
    });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: "invalid_json" } } });
  });
});

describe("401", () => {
  it("unauthorized without a key", async () => {
    expect(await respond(await ask(), { body: "x" }, { key: null })).toMatchObject({
      status: 401,
      body: { error: { code: "unauthorized" } },
    });
  });
});

describe("403", () => {
  it("forbidden: the asking bot cannot answer its own request", async () => {
    const res = await respond(await ask(), { body: "I answer myself" }, { key: pair.a.api_key });
    expect(res).toMatchObject({
      status: 403,
      body: { error: { code: "forbidden", message: "Only the addressed bot can answer this request" } },
    });
  });

  it("policy_blocked: a secret in the answer; workspace_suspended: the answering bot's workspace", async () => {
    const id = await ask();
    const secret = await respond(id, { body: "The password: hunter2hunter2" });
    expect(secret).toMatchObject({
      status: 403,
      body: { error: { code: "policy_blocked", reasons: ["secrets_detected"] } },
    });
    expect(
      await db().policyDecision.count({ where: { botId: pair.b.id, mode: "agent_response", excerpt: null } }),
    ).toBe(1);

    const p = await connectedPair();
    const other = await ask(p);
    await setBotStatus(systemActor, { botId: p.b.id, status: "stopped" });
    expect((await respond(other, { body: "fine" }, { key: p.b.api_key })).body.error).toMatchObject({
      code: "policy_blocked",
      reasons: ["bot_stopped"],
    });
    await setBotStatus(systemActor, { botId: p.b.id, status: "active" });
    await setWorkspaceStatus(systemActor, { workspaceId: p.worldB.workspace.id, status: "suspended" });
    // The resumed status reaches the key cache by NOTIFY, a moment after the commit.
    await expect
      .poll(async () => (await respond(other, { body: "fine" }, { key: p.b.api_key })).body.error?.code)
      .toBe("workspace_suspended");
    expect((await db().agentRequest.findUniqueOrThrow({ where: { id: other } })).status).toBe("awaiting_response");
  });
});

describe("404", () => {
  it("not_found: an unknown id, a malformed id, a bot that is no party, a request still waiting for the asking side's approval", async () => {
    expect((await respond("00000000-0000-4000-8000-000000000000", { body: "x" })).status).toBe(404);
    expect((await respond("nope", { body: "x" })).body.error.code).toBe("not_found");
    const stranger = await connectedPair();
    expect((await respond(await ask(), { body: "x" }, { key: stranger.b.api_key })).status).toBe(404);
    const held = await connectedPair({ requiresApproval: true });
    const waiting = await ask(held);
    expect((await respond(waiting, { body: "x" }, { key: held.b.api_key })).status).toBe(404);
  });
});

describe("409", () => {
  it("conflict: a second answer, even with another key", async () => {
    const id = await ask();
    expect((await respond(id, { body: "First answer" })).status).toBe(200);
    const twice = await respond(id, { body: "Second answer" });
    expect(twice).toMatchObject({
      status: 409,
      body: { error: { code: "conflict", message: expect.stringContaining("already answered") } },
    });
    expect((await db().agentRequest.findUniqueOrThrow({ where: { id } })).responseBody).toBe("First answer");
  });

  it("two answers at once: exactly one wins", async () => {
    const id = await ask();
    const results = await Promise.all([
      respond(id, { body: "one" }),
      respond(id, { body: "two" }),
      respond(id, { body: "three" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(
      await db().webhookDelivery.count({
        where: {
          botId: pair.a.id,
          eventType: "agent_request.answered",
          payload: { path: ["data", "agent_request", "id"], equals: id },
        },
      }),
    ).toBe(1);
  });

  it("conflict: an expired request (before any sweep ran) and a request withdrawn by revoking its connection", async () => {
    const id = await ask();
    await db().agentRequest.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect(await respond(id, { body: "Too late?" })).toMatchObject({
      status: 409,
      body: { error: { code: "conflict", message: expect.stringContaining("expired") } },
    });

    const p = await connectedPair();
    const open = await ask(p);
    await revokeConnection(p.adminB, p.connectionId);
    expect(await respond(open, { body: "Still here" }, { key: p.b.api_key })).toMatchObject({
      status: 409,
      body: { error: { code: "conflict" } },
    });
  });

  it("idempotency_key_reused", async () => {
    const id = await ask();
    const key = idem();
    await respond(id, { body: "A" }, { idempotencyKey: key });
    expect((await respond(id, { body: "B" }, { idempotencyKey: key })).body.error.code).toBe("idempotency_key_reused");
  });
});

describe("413", () => {
  it("payload_too_large", async () => {
    const res = await api("POST", `/agent-requests/${await ask()}/respond`, {
      key: pair.b.api_key,
      idempotencyKey: idem(),
      rawBody: JSON.stringify({ body: "x".repeat(300 * 1024) }),
    });
    expect(res).toMatchObject({ status: 413, body: { error: { code: "payload_too_large" } } });
  });
});

describe("422", () => {
  it("invalid_body: no body, too long, unknown fields, a bad attachment_id, another bot's upload", async () => {
    const id = await ask();
    for (const body of [
      {},
      { body: "" },
      { body: "x".repeat(4001) },
      { body: "x", extra: 1 },
      { body: "x", attachment_id: "nope" },
    ]) {
      const res = await respond(id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.code).toBe("invalid_body");
    }
    const theirs = await upload(pair.a.api_key, "mine.pdf", new TextEncoder().encode("a's file"));
    const res = await respond(id, { body: "Here", attachment_id: theirs.body.data.id });
    expect(res).toMatchObject({
      status: 422,
      body: { error: { code: "invalid_body", message: expect.stringContaining("attachment_id") } },
    });
    expect((await respond(id, { body: "x".repeat(4000) })).status).toBe(200);
  });
});
