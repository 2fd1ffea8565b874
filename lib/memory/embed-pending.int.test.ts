import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker } from "@/jobs/worker";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { embeddingModelId, embedTexts } from "@/lib/embeddings/encoder";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { embedPending, EMBED_TASK } from "./embed-pending";
import { proposeFact } from "./propose-fact";
import { searchContact } from "./search-contact";
import { clearVectorCache, nearestMessages, vectorCacheStats } from "./vector-cache";
import { quantize } from "./int8-dot";
import { createConversation } from "@/lib/conversations/create-conversation";

// The embedding pipeline: what the job embeds and skips, the watermark, what queues it, and the search's vector
// cache following new vectors without reloading.

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");
const helper = (): BotPrincipal => ({
  ...world.bots[0]!,
  workspaceId: world.workspace.id,
  keyId: "test",
  scopes: [],
  status: "active",
});
const model = () => embeddingModelId();

const embeddedIds = async (type: "message" | "fact") =>
  (await db().embedding.findMany({ where: { subjectType: type, model: model() }, select: { subjectId: true } })).map(
    (e) => e.subjectId,
  );

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  world = await seedWorld();
});
afterAll(() => clearVectorCache());

describe("embedPending", () => {
  it("embeds every non-system message of conversations with a contact, once, and records the watermark", async () => {
    const first = await embedPending();
    const messages = await db().message.findMany({ select: { id: true, kind: true, conversationId: true } });
    const expected = messages.filter((m) => m.kind !== "system").map((m) => m.id);
    expect(first.messages).toBe(expected.length);
    expect((await embeddedIds("message")).sort()).toEqual(expected.sort());
    const vector = await db().embedding.findFirstOrThrow({ where: { subjectType: "message" } });
    expect(vector.embedding).toHaveLength(512);
    expect(vector.workspaceId).toBe(world.workspace.id);
    for (const conversation of world.conversations) {
      const { lastSeq } = await db().conversation.findUniqueOrThrow({ where: { id: conversation.id } });
      const progress = await db().embeddingProgress.findUniqueOrThrow({
        where: { conversationId_model: { conversationId: conversation.id, model: model() } },
      });
      expect(progress.embeddedSeq).toBe(lastSeq);
    }
    expect((await embedPending()).embedded).toBe(0);
  });

  it("then embeds only what is new; a batch smaller than the backlog still gets everything", async () => {
    const conversation = world.conversations[1]!.id;
    const ids = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (await postPersonMessage(ana(), { conversationId: conversation, body: `Renewal note number ${i}` })).message.id,
      );
    const result = await embedPending({ batch: 2 });
    expect(result).toMatchObject({ messages: 5, facts: 0, more: false });
    expect(await embeddedIds("message")).toEqual(expect.arrayContaining(ids));
  });

  it("embeds candidate and confirmed facts, never rejected ones; a fact write queues the job in its transaction", async () => {
    await sql()
      .unchecked(
        `DELETE FROM graphile_worker._private_jobs WHERE task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = $1)`,
        [EMBED_TASK],
      )
      .catch(() => {});
    const source = await db().message.findFirstOrThrow({ where: { conversationId: world.conversations[0]!.id } });
    const fact = await proposeFact(helper(), {
      contactId: world.contacts[0]!.id,
      input: {
        fact: "Prefers email to phone calls",
        key: "contact.channel",
        source_message_id: source.id,
      },
    });
    const [queued] = await sql().unchecked<{ n: number }>(
      `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1 AND key = $1`,
      [EMBED_TASK],
    );
    expect(queued!.n).toBe(1);
    await db().contactFact.update({ where: { id: fact.id }, data: { status: "rejected" } });
    const rejected = fact.id;
    const kept = await proposeFact(helper(), {
      contactId: world.contacts[0]!.id,
      input: {
        fact: "Works from Lisbon",
        key: "contact.city",
        source_message_id: source.id,
      },
    });
    expect((await embedPending()).facts).toBe(1);
    const facts = await embeddedIds("fact");
    expect(facts).toContain(kept.id);
    expect(facts).not.toContain(rejected);
  });

  it("deleted messages take their vectors with them; a deleted conversation its watermark", async () => {
    const { conversations } = await seedWorld();
    await embedPending();
    const gone = conversations[0]!.id;
    const ids = (await db().message.findMany({ where: { conversationId: gone }, select: { id: true } })).map(
      (m) => m.id,
    );
    expect(await embeddedIds("message")).toEqual(expect.arrayContaining(ids));
    await db().message.deleteMany({ where: { conversationId: gone } });
    await db().conversation.delete({ where: { id: gone } });
    const left = await embeddedIds("message");
    for (const id of ids) expect(left).not.toContain(id);
    expect(await db().embeddingProgress.count({ where: { conversationId: gone } })).toBe(0);
  });
});

describe("the worker", () => {
  it("embeds a new message within moments, queued by the notification every message insert sends", async () => {
    const worker = await startWorker({ databaseUrl: process.env.DATABASE_URL!, concurrency: 2 });
    try {
      const { message } = await postPersonMessage(ana(), {
        conversationId: world.conversations[0]!.id,
        body: "The pallets left the depot this morning",
      });
      await until(async () => (await embeddedIds("message")).includes(message.id), 30_000);
    } finally {
      await worker.stop();
    }
  });
});

describe("the exact path's vector cache", () => {
  it("loads the int8 codes stored with each vector; rows stored without them are quantized from their floats, alike", async () => {
    const conversationId = world.conversations[0]!.id;
    const stored = await db().embedding.findMany({ where: { subjectType: "message", model: model() } });
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      // The codes are what the cache would make from the stored floats (float32 values, as `real` keeps them).
      const expected = new Int8Array(row.embedding.length);
      const scale = quantize(Float32Array.from(row.embedding), { codes: expected });
      expect(new Int8Array(row.int8Codes!.buffer, row.int8Codes!.byteOffset, row.int8Codes!.length)).toEqual(expected);
      expect(Math.fround(row.int8Scale!)).toBe(Math.fround(scale));
    }

    const { vectors } = await embedTexts(["When do the pallets arrive?"]);
    const nearest = async () => {
      clearVectorCache();
      return nearestMessages({ conversationIds: [conversationId], model: model(), query: vectors[0]!, depth: 10 });
    };
    const fromCodes = await nearest();
    expect(fromCodes.length).toBeGreaterThan(1);
    await sql().unchecked(
      `UPDATE embeddings SET int8_codes = NULL, int8_scale = NULL
       WHERE subject_type = 'message' AND subject_id IN (SELECT id FROM messages WHERE conversation_id = $1)`,
      [conversationId],
    );
    expect(await nearest()).toEqual(fromCodes);
    await embedPending({ workspaceId: world.workspace.id }); // nothing to redo: the rows keep their floats
    expect(await nearest()).toEqual(fromCodes);
  });

  it("extends a cached block with new vectors instead of reloading it, and finds them", async () => {
    clearVectorCache();
    const carla = world.contacts[0]!.id;
    await searchContact(helper(), { contactId: carla, query: "pallets" });
    const before = vectorCacheStats();
    expect(before.blocks).toBeGreaterThan(0);
    const { message } = await postPersonMessage(ana(), {
      conversationId: world.conversations[0]!.id,
      body: "Refrigerated trucks are booked for Thursday",
    });
    // Not embedded yet: found by its words only.
    expect(
      (await searchContact(helper(), { contactId: carla, query: "refrigerated trucks" })).map((h) => h.id),
    ).toContain(message.id);
    await embedPending();
    // The cached block is extended with the new vector: the nearest to the message's own text is that message.
    const { vectors } = await embedTexts(["Refrigerated trucks are booked for Thursday"]);
    const [nearest] = await nearestMessages({
      conversationIds: [world.conversations[0]!.id],
      model: model(),
      query: vectors[0]!,
      depth: 1,
    });
    expect(nearest).toMatchObject({ conversationId: world.conversations[0]!.id, seq: message.seq });
    expect(nearest!.estimate).toBeGreaterThan(0.98);
    expect(vectorCacheStats().blocks).toBe(before.blocks);
    expect(vectorCacheStats().bytes).toBeGreaterThanOrEqual(before.bytes);
  });

  it("loads a long conversation in ranges, two at a time, appended in order: every vector where it belongs", async () => {
    // 10,100 messages (three ranges: 5,000, 5,000 and 100 seqs) with vectors made in SQL: message k has 1 at element
    // k % 480 and 0.5 at element 480 + k / 480, so each is its own nearest and no other comes close. Stored without
    // int8 codes, as rows written before them: the cache quantizes their floats.
    const conversation = await createConversation(ana(), { workspaceId: world.workspace.id, title: "Long history" });
    await sql().unchecked(
      `WITH made AS (
         INSERT INTO messages (conversation_id, seq, kind, body, sender_user_id)
         SELECT $1, k + 1, 'text', 'message ' || k, $2 FROM generate_series(0, 10099) AS k
         RETURNING id, seq
       ), embedded AS (
         INSERT INTO embeddings (subject_type, subject_id, workspace_id, model, embedding)
         SELECT 'message', made.id, $3, $4,
                array_fill(0::real, ARRAY[(made.seq - 1) % 480]) || ARRAY[1::real] || array_fill(0::real, ARRAY[479 - (made.seq - 1) % 480])
                  || array_fill(0::real, ARRAY[(made.seq - 1) / 480]) || ARRAY[0.5::real] || array_fill(0::real, ARRAY[31 - (made.seq - 1) / 480])
         FROM made
       )
       INSERT INTO embedding_progress (conversation_id, model, embedded_seq) VALUES ($1, $4, 10100)`,
      [conversation.id, world.people[0]!.id, world.workspace.id, model()],
    );
    await sql().unchecked(`UPDATE conversations SET last_seq = 10100 WHERE id = $1`, [conversation.id]);
    clearVectorCache();
    for (const k of [7, 4999, 5000, 9998, 10099]) {
      const query = new Float32Array(512);
      query[k % 480] = 1;
      query[480 + Math.floor(k / 480)] = 0.5;
      const [nearest, second] = await nearestMessages({
        conversationIds: [conversation.id],
        model: model(),
        query,
        depth: 2,
      });
      expect(nearest).toMatchObject({ conversationId: conversation.id, seq: k + 1 });
      expect(second!.estimate).toBeLessThan(nearest!.estimate - 0.1);
    }
    expect(vectorCacheStats().blocks).toBe(1);
    // Writing 10,100 messages and their vectors takes most of half a minute on two busy cores: more than the default.
  }, 120_000);
});
