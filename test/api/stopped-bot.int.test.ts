import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { setBotStatus } from "@/lib/bots/set-bot-status";
import { systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { fingerprint } from "@/test/security/fingerprint";
import { api, idem } from "./client";

// A stopped bot is cut off: every request but GET /me is 403 policy_blocked with `bot_stopped`, reads and writes
// alike (it used to be refused only when it sent messages or drafts: its key still read conversations and contact
// context and wrote facts, legacy memory and attachments). Its key keeps working for GET /me, so its developer can
// tell a stopped bot from a revoked key.

let world: SeededWorld;
let key: string;

beforeAll(async () => {
  world = await seedWorld();
  key = world.bots[0]!.api_key;
});

function requests(): { method: string; path: string; body?: unknown; idempotent?: boolean; upload?: boolean }[] {
  const conversation = world.conversations[0]!.id;
  const contact = world.contacts[0]!.id;
  const any = randomUUID();
  return [
    { method: "GET", path: "/conversations" },
    { method: "GET", path: `/conversations/${conversation}/messages` },
    { method: "POST", path: `/conversations/${conversation}/messages`, body: { body: "hello" }, idempotent: true },
    { method: "POST", path: `/conversations/${conversation}/drafts`, body: { body: "hello" } },
    { method: "GET", path: `/conversations/${conversation}/memory` },
    { method: "POST", path: `/conversations/${conversation}/memory`, body: { fact: "likes tea", source_message_id: any } },
    { method: "PATCH", path: `/messages/${any}`, body: { blocks: [{ type: "status_block", title: "x", state: "done" }] } },
    { method: "GET", path: `/contacts/${contact}/context` },
    { method: "GET", path: `/contacts/${contact}/search?q=tea` },
    { method: "POST", path: `/contacts/${contact}/facts`, body: { fact: "likes tea", key: "food.drink", source_message_id: any }, idempotent: true },
    { method: "GET", path: "/agent-requests" },
    { method: "POST", path: "/agent-requests", body: { to: "someone", type: "info", question: "?" }, idempotent: true },
    { method: "POST", path: `/agent-requests/${any}/respond`, body: { body: "answer" }, idempotent: true },
    { method: "POST", path: "/attachments", upload: true, idempotent: true },
  ];
}

async function call(request: ReturnType<typeof requests>[number]) {
  const options = { key, body: request.body, idempotencyKey: request.idempotent ? idem() : undefined };
  if (!request.upload) return api(request.method, request.path, options);
  const form = new FormData();
  form.append("file", new Blob(["hello"], { type: "text/plain" }), "hello.txt");
  const multipart = new Response(form);
  return api(request.method, request.path, {
    ...options,
    body: undefined,
    rawBody: await multipart.text(),
    headers: { "content-type": multipart.headers.get("content-type")! },
  });
}

describe("a stopped bot", () => {
  it("is refused 403 bot_stopped on every operation but GET /me, and writes nothing", async () => {
    // Served while active (the key is now cached in this process).
    expect((await api("GET", "/conversations", { key })).status).toBe(200);
    await setBotStatus(systemActor, { botId: world.bots[0]!.id, status: "stopped", reason: "Leaked key" });

    // The status change reaches the key cache through NOTIFY (a trigger on bots), so the next request is refused.
    await expect.poll(async () => (await api("GET", "/conversations", { key })).status).toBe(403);
    const before = await fingerprint();
    for (const request of requests()) {
      const res = await call(request);
      expect({ request: `${request.method} ${request.path}`, status: res.status, body: res.body }).toMatchObject({
        status: 403,
        body: { error: { code: "policy_blocked", reasons: ["bot_stopped"], request_id: res.headers.get("x-request-id") } },
      });
    }
    expect(await fingerprint()).toEqual(before);

    const me = await api("GET", "/me", { key });
    expect(me.status).toBe(200);
    expect(me.body.bot.id).toBe(world.bots[0]!.id);
  });

  it("is served again once resumed", async () => {
    await setBotStatus(systemActor, { botId: world.bots[0]!.id, status: "active" });
    await expect.poll(async () => (await api("GET", "/conversations", { key })).status).toBe(200);
    expect((await api("GET", `/contacts/${world.contacts[0]!.id}/context`, { key })).status).toBe(200);
  });
});
