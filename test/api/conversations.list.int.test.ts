import { beforeAll, describe, expect, it } from "vitest";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { createConversation } from "@/lib/conversations/create-conversation";
import { authorizeBot, removeBot } from "@/lib/conversations/authorize-bot";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { declaredStatements, transaction } from "@/lib/db/sql";
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
    await removeBot(person(world.people[0]!.id, "cli"), {
      conversationId: world.conversations[1]!.id,
      botId: helper.id,
    });
    const res = await api("GET", "/conversations?limit=200", { key: helper.api_key });
    expect(res.body.data.map((c: { id: string }) => c.id)).not.toContain(world.conversations[1]!.id);
  });

  it("a message moves its conversation to the top; a bot authorized again sees the conversation again, in its place", async () => {
    const helper = world.bots[0]!;
    const ana = person(world.people[0]!.id, "cli");
    const ids = async () =>
      (await api("GET", "/conversations?limit=200", { key: helper.api_key })).body.data.map((c: { id: string }) => c.id) as string[];
    const before = await ids();
    const oldest = before[before.length - 1]!;
    const posted = await postPersonMessage(ana, { conversationId: oldest, body: "bump" });
    const after = await api("GET", "/conversations?limit=200", { key: helper.api_key });
    expect(after.body.data[0].id).toBe(oldest);
    expect(Date.parse(after.body.data[0].last_message_at)).toBe(Date.parse(posted.message.created_at));
    expect(after.body.data.map((c: { id: string }) => c.id)).toEqual([oldest, ...before.slice(0, -1)]);

    // Revoked in the test above: authorized again, the conversation is back, ordered by its own last activity.
    const revoked = world.conversations[1]!.id;
    expect(before).not.toContain(revoked);
    await authorizeBot(ana, { conversationId: revoked, botId: helper.id });
    const again = await api("GET", "/conversations?limit=200", { key: helper.api_key });
    const times = again.body.data.map((c: { last_message_at: string }) => Date.parse(c.last_message_at));
    expect(again.body.data.map((c: { id: string }) => c.id)).toContain(revoked);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await postPersonMessage(ana, { conversationId: revoked, body: "back" });
    expect((await ids())[0]).toBe(revoked);
  });

  it("walks an index in its order: a page needs no sort of the bot's conversations (bench/RESULTS.md, Scale)", async () => {
    const list = declaredStatements().find((s) => s.name === "conversations.listForBot")!;
    const plan = await transaction(async (tx) => {
      await tx.unchecked("SET LOCAL enable_sort = off");
      await tx.unchecked("SET LOCAL enable_seqscan = off");
      const explained = list.text.replace(/\$(\d)/g, (_, n: string) =>
        ({ "1": `'${world.bots[0]!.id}'`, "2": `'${world.workspace.id}'`, "3": "'infinity'", "4": "'ffffffff-ffff-ffff-ffff-ffffffffffff'", "5": "101" })[n]!,
      );
      return tx.unchecked<{ "QUERY PLAN": string }>(`EXPLAIN ${explained}`);
    });
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).not.toMatch(/Sort/);
    expect(text).toMatch(/bot_conversation_activity_bot_id_last_message_at/);
  });

  it("422 for a limit over 200, a limit of 0 and a cursor that does not decode; 401 without a key", async () => {
    const key = world.bots[0]!.api_key;
    const position = (value: unknown) => encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64url"));
    for (const query of ["?limit=201", "?limit=0", "?limit=abc", "?cursor=%%%",
      `?cursor=${position({ t: "yesterday", id: world.conversations[0]!.id })}`,
      `?cursor=${position({ t: new Date().toISOString(), id: "not-a-uuid" })}`]) {
      const res = await api("GET", `/conversations${query}`, { key });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("invalid_body");
    }
    expect((await api("GET", "/conversations")).status).toBe(401);
  });
});
