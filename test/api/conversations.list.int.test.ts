import { beforeAll, describe, expect, it } from "vitest";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { createConversation } from "@/lib/conversations/create-conversation";
import { removeBot } from "@/lib/conversations/authorize-bot";
import { person } from "@/lib/people/actor";
import { api } from "./client";

let world: SeededWorld;
let other: SeededWorld;
beforeAll(async () => {
  world = await seedWorld();
  other = await seedWorld();
});

describe("GET /conversations", () => {
  it("200 lists only conversations where the bot is authorized, newest activity first", async () => {
    const helper = world.bots[0]!;
    const res = await api("GET", "/conversations", { key: helper.api_key });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((c: { id: string }) => c.id);
    expect(ids.sort()).toEqual([world.conversations[0]!.id, world.conversations[1]!.id].sort());
    expect(res.body.next_cursor).toBeNull();
    for (const item of res.body.data) {
      expect(Object.keys(item).sort()).toEqual(["id", "last_message_at", "last_message_preview", "title"]);
      expect(typeof item.last_message_preview).toBe("string");
    }
    const times = res.body.data.map((c: { last_message_at: string }) => Date.parse(c.last_message_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("never shows another workspace's conversations", async () => {
    const res = await api("GET", "/conversations", { key: other.bots[0]!.api_key });
    const ids: string[] = res.body.data.map((c: { id: string }) => c.id);
    for (const conversation of world.conversations) expect(ids).not.toContain(conversation.id);
  });

  it("pages with limit and next_cursor until null, without repeats", async () => {
    const helper = world.bots[0]!;
    const ana = person(world.people[0]!.id, "cli");
    for (let i = 0; i < 5; i++) await createConversation(ana, { workspaceId: world.workspace.id, title: `extra ${i}`, botIds: [helper.id] });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : "?limit=2";
      const res = await api("GET", `/conversations${query}`, { key: helper.api_key });
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.data.map((c: { id: string }) => c.id));
      cursor = res.body.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  it("drops a conversation once the bot's authorization is revoked", async () => {
    const helper = world.bots[0]!;
    await removeBot(person(world.people[0]!.id, "cli"), world.conversations[1]!.id, helper.id);
    const res = await api("GET", "/conversations?limit=200", { key: helper.api_key });
    expect(res.body.data.map((c: { id: string }) => c.id)).not.toContain(world.conversations[1]!.id);
  });

  it("422 for a limit over 200, a limit of 0 and a cursor that does not decode; 401 without a key", async () => {
    const key = world.bots[0]!.api_key;
    for (const query of ["?limit=201", "?limit=0", "?limit=abc", "?cursor=%%%"]) {
      const res = await api("GET", `/conversations${query}`, { key });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("invalid_body");
    }
    expect((await api("GET", "/conversations")).status).toBe(401);
  });
});
