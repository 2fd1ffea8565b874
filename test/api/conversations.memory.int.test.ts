import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { MEMORY_DEPRECATED_AT } from "@/lib/memory/deprecation";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api, idem } from "./client";

// The legacy conversation memory: working, scoped to the conversation, and marked deprecated in its headers.

let world: SeededWorld;
let conversation: string;
let sourceId: string;
const key = () => world.bots[0]!.api_key;

beforeEach(async () => {
  world = await seedWorld();
  conversation = world.conversations[1]!.id; // "Renewal with Dev": the helper bot only
  sourceId = (await db().message.findFirstOrThrow({ where: { conversationId: conversation } })).id;
});

const write = (body: unknown, bot = key(), id = conversation) =>
  api("POST", `/conversations/${id}/memory`, { key: bot, body, idempotencyKey: idem() });
const read = (q?: string, bot = key(), id = conversation) =>
  api("GET", `/conversations/${id}/memory${q ? `?q=${encodeURIComponent(q)}` : ""}`, { key: bot });

describe("/conversations/{id}/memory (legacy)", () => {
  it("POST 201 stores a candidate fact about the conversation's contact; GET returns it; both say they are deprecated", async () => {
    const dev = world.contacts[1]!.id;
    const created = await write({ fact: "Renews in March", source_message_id: sourceId });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      contact_id: dev,
      key: "memory.note",
      fact: "Renews in March",
      status: "candidate",
      source_message_id: sourceId,
    });
    expect(created.headers.get("deprecation")).toBe(`@${MEMORY_DEPRECATED_AT}`);
    expect(created.headers.get("link")).toBe(`</api/public/v1/contacts/${dev}/facts>; rel="successor-version"`);

    const listed = await read();
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((f: { fact: string }) => f.fact)).toEqual(["Renews in March"]);
    expect(listed.headers.get("deprecation")).toBe(`@${MEMORY_DEPRECATED_AT}`);
    expect(listed.headers.get("link")).toBe(`</api/public/v1/contacts/${dev}/context>; rel="successor-version"`);
    expect((await read("march")).body.data).toHaveLength(1);
    expect((await read("april")).body.data).toHaveLength(0);
  });

  it("is scoped to the conversation: another conversation's memory is not listed", async () => {
    await write({ fact: "Renews in March", source_message_id: sourceId });
    const other = world.conversations[0]!.id;
    const otherSource = await db().message.findFirstOrThrow({ where: { conversationId: other } });
    await write({ fact: "Order is late", source_message_id: otherSource.id }, key(), other);
    expect((await read()).body.data.map((f: { fact: string }) => f.fact)).toEqual(["Renews in March"]);
  });

  it("422 for a source outside the conversation or a bad body; 401; 403 where the bot is not authorized; 404", async () => {
    const otherSource = await db().message.findFirstOrThrow({ where: { conversationId: world.conversations[0]!.id } });
    expect((await write({ fact: "x", source_message_id: otherSource.id })).status).toBe(422);
    expect((await write({ fact: "", source_message_id: sourceId })).status).toBe(422);
    expect((await write({ fact: "x", key: "a.b", source_message_id: sourceId })).status).toBe(422);
    expect((await api("GET", `/conversations/${conversation}/memory`, { key: null })).status).toBe(401);
    expect((await read(undefined, world.bots[1]!.api_key)).status).toBe(403);
    expect((await write({ fact: "x", source_message_id: sourceId }, world.bots[1]!.api_key)).status).toBe(403);
    expect((await read(undefined, key(), "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect(await db().contactFact.count({ where: { contactId: world.contacts[1]!.id } })).toBe(0);
  });
});
