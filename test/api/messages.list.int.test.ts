import { beforeAll, describe, expect, it } from "vitest";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { storePersonAttachment } from "@/lib/attachments/store-attachment";
import { api, idem } from "./client";

let world: SeededWorld;
let conversation: string;
let key: string;

beforeAll(async () => {
  world = await seedWorld();
  conversation = world.conversations[1]!.id; // the established helper's; seq 1 is the opening message
  key = world.bots[0]!.api_key;
  for (let i = 0; i < 6; i++) {
    const res = await api("POST", `/conversations/${conversation}/messages`, { key, body: { body: `bot ${i}` }, idempotencyKey: idem() });
    expect(res.status).toBe(201);
  }
  await postPersonMessage(person(world.people[1]!.id, "cli"), { conversationId: conversation, body: "thanks!" });
  // seqs 1..8 now: opening, six bot messages, one reply
});

const list = (query = "") => api("GET", `/conversations/${conversation}/messages${query}`, { key });

describe("GET /conversations/{id}/messages", () => {
  it("200 ascending by seq with the Message fields of docs/api-contract.md#message", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { seq: number }) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(["blocks", "body", "created_at", "id", "kind", "sender_bot_id", "sender_user_id", "seq"]);
    expect(res.body.data[0]).toMatchObject({ sender_user_id: world.people[0]!.id, sender_bot_id: null, kind: "text" });
    expect(res.body.data[1]).toMatchObject({ sender_user_id: null, sender_bot_id: world.bots[0]!.id, body: "bot 0" });
    expect(res.body.next_after_seq).toBe(8);
    expect(res.body.next_cursor).toBeNull();
  });

  it("after_seq is exclusive and limit pages; next_cursor continues where next_after_seq says", async () => {
    const first = await list("?after_seq=2&limit=3");
    expect(first.body.data.map((m: { seq: number }) => m.seq)).toEqual([3, 4, 5]);
    expect(first.body.next_after_seq).toBe(5);
    expect(typeof first.body.next_cursor).toBe("string");
    const second = await list(`?limit=3&cursor=${first.body.next_cursor}`);
    expect(second.body.data.map((m: { seq: number }) => m.seq)).toEqual([6, 7, 8]);
    expect(second.body.next_cursor).toBeNull();
  });

  it("cursor wins over after_seq when both are given", async () => {
    const first = await list("?limit=2");
    const res = await list(`?after_seq=6&cursor=${first.body.next_cursor}`);
    expect(res.body.data[0].seq).toBe(3);
  });

  it("an empty page keeps next_after_seq at the given after_seq, for polling", async () => {
    const res = await list("?after_seq=8");
    expect(res.body).toEqual({ data: [], next_cursor: null, next_after_seq: 8, removed: [] });
  });

  it("a page of 200 is allowed, 201 is 422; bad after_seq and cursor are 422", async () => {
    expect((await list("?limit=200")).status).toBe(200);
    for (const query of ["?limit=201", "?after_seq=-1", "?after_seq=x", "?cursor=bm90LWpzb24"]) {
      const res = await list(query);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("invalid_body");
    }
  });

  it("403 in a conversation where the bot is not authorized, 404 for an unknown one, 401 without a key", async () => {
    const res = await api("GET", `/conversations/${world.conversations[2]!.id}/messages`, { key });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
    expect((await api("GET", "/conversations/00000000-0000-4000-8000-000000000000/messages", { key })).status).toBe(404);
    expect((await api("GET", `/conversations/${conversation}/messages`)).status).toBe(401);
  });
});

describe("a person's message with files", () => {
  it("lists its `attachments` (name, type, size, sha256, as in `message.created`), as the OpenAPI Message says", async () => {
    const ben = person(world.people[1]!.id, "cli");
    const file = await storePersonAttachment(ben, {
      conversationId: conversation,
      file: {
        name: "receipt.txt",
        type: "text/plain",
        bytes: new TextEncoder().encode("Paid in full"),
      },
    });
    await postPersonMessage(ben, { conversationId: conversation, body: "the receipt", attachmentIds: [file.id] });
    const res = await list("?after_seq=8");
    expect(res.status).toBe(200);
    const { name, type, size, sha256 } = file;
    expect(res.body.data.at(-1)).toMatchObject({ body: "the receipt", attachments: [{ name, type, size, sha256 }] });
    expect(Object.keys(res.body.data.at(-1).attachments[0]).sort()).toEqual(["name", "sha256", "size", "type"]);
  });
});
