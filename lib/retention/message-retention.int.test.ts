import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, idem } from "@/test/api/client";
import { scanForCanaries } from "@/test/canary-scan";
import { storePersonAttachment } from "@/lib/attachments/store-attachment";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { confirmFact } from "@/lib/memory/decide-fact";
import { embedPending } from "@/lib/memory/embed-pending";
import { cachedConversations } from "@/lib/memory/vector-cache";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { messageRetentionDays, setMessageRetention } from "./message-retention";
import { pruneExpiredRows } from "./prune-expired-rows";

// Retention of messages (issue 38, items 4 and 5): canaries in messages older than the workspace's retention (their
// text, a file, a fact's citation, search's words and vectors, this process's vector cache) are gone after the
// retention job, and nowhere else in what retention covers; newer messages stay; a bot's pages show the gap as a
// removed range, with sequence numbers unchanged.

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");
const helper = () => world.bots[0]!;

beforeAll(async () => {
  world = await seedWorld();
}, 60_000);

describe("retention of messages", () => {
  it("is off by default; only an admin sets it, to whole days", async () => {
    expect(await messageRetentionDays(world.workspace.id)).toBeNull();
    await expect(
      setMessageRetention(person(world.people[1]!.id, "web"), { workspaceId: world.workspace.id, days: 30 }),
    ).rejects.toMatchObject({ code: "forbidden" });
    for (const days of [0, 1.5, 40_000])
      await expect(setMessageRetention(ana(), { workspaceId: world.workspace.id, days })).rejects.toMatchObject({
        code: "invalid_body",
      });
    expect(await messageRetentionDays(world.workspace.id)).toBeNull();
  });

  it("deletes what is older than the window, everywhere it went, and bots' pages show the gap", async () => {
    const conversationId = world.conversations[1]!.id; // the helper's
    const tag = randomBytes(5).toString("hex");
    const canaries = [`oldcanary${tag}`, `oldfile${tag}`];
    const file = await storePersonAttachment(ana(), {
      conversationId,
      file: { name: "old.txt", type: "text/plain", bytes: Buffer.from(`an old file ${canaries[1]}`) },
    });
    const old = await postPersonMessage(ana(), {
      conversationId,
      body: `${canaries[0]} said long ago`,
      attachmentIds: [file.id],
    });
    const oldId = (old as { message: { id: string; seq: number } }).message;
    const proposed = await api("POST", `/contacts/${world.conversations[1]!.contact_id}/facts`, {
      key: helper().api_key,
      body: { fact: "Prefers email", key: `pref.contact${tag}`, source_message_id: oldId.id },
      idempotencyKey: idem(),
    });
    await confirmFact(ana(), { factId: proposed.body.data.id });
    await embedPending({ budgetMs: 60_000 });
    const search = await api("GET", `/contacts/${world.conversations[1]!.contact_id}/search?q=${canaries[0]}`, {
      key: helper().api_key,
    });
    expect(JSON.stringify(search.body)).toContain(canaries[0]);
    expect(cachedConversations()).toContain(conversationId);
    // Everything so far is 100 days old; one newer message stays.
    await sql().unchecked(`UPDATE messages SET created_at = now() - interval '100 days' WHERE conversation_id = $1`, [
      conversationId,
    ]);
    await postPersonMessage(ana(), { conversationId, body: "A recent message" });
    const seqs = (await db().message.findMany({ where: { conversationId }, orderBy: { seq: "asc" } })).map((m) => m.seq);
    expect((await scanForCanaries(canaries)).length).toBeGreaterThan(2);

    await setMessageRetention(ana(), { workspaceId: world.workspace.id, days: 30 });
    const pruned = await pruneExpiredRows({ batchSize: 2 }); // small batches: several of them
    expect(pruned.done).toBe(true);
    expect(pruned.deleted.messages).toBe(seqs.length - 1);

    expect(await scanForCanaries(canaries)).toEqual([]);
    expect(cachedConversations()).not.toContain(conversationId);
    const fact = await db().contactFact.findUniqueOrThrow({ where: { id: proposed.body.data.id } });
    expect(fact).toMatchObject({ status: "source_removed", sourceMessageId: null });
    const left = await db().message.findMany({ where: { conversationId } });
    expect(left.map((m) => m.body)).toEqual(["A recent message"]);
    expect(left[0]!.seq).toBe(seqs.at(-1)); // not renumbered

    // A bot's page from the start: the deleted range, then the message that stayed; polling past it, nothing.
    const page = await api("GET", `/conversations/${conversationId}/messages?after_seq=0`, { key: helper().api_key });
    expect(page.body).toMatchObject({
      data: [{ seq: seqs.at(-1), body: "A recent message" }],
      removed: [{ from_seq: 1, to_seq: seqs.at(-1)! - 1 }],
      next_after_seq: seqs.at(-1),
    });
    const after = await api("GET", `/conversations/${conversationId}/messages?after_seq=${seqs.at(-1)}`, {
      key: helper().api_key,
    });
    expect(after.body).toMatchObject({ data: [], removed: [], next_after_seq: seqs.at(-1) });

    // When the newest went too, a poll moves past the gap rather than waiting on it.
    await sql().unchecked(`UPDATE messages SET created_at = now() - interval '100 days' WHERE conversation_id = $1`, [
      conversationId,
    ]);
    await sql().unchecked(`UPDATE conversations SET last_message_at = now() - interval '100 days' WHERE id = $1`, [
      conversationId,
    ]);
    await pruneExpiredRows();
    const empty = await api("GET", `/conversations/${conversationId}/messages?after_seq=1`, { key: helper().api_key });
    expect(empty.body).toMatchObject({ data: [], removed: [{ from_seq: 2, to_seq: seqs.at(-1) }], next_after_seq: seqs.at(-1) });
    expect((await db().conversation.findUniqueOrThrow({ where: { id: conversationId } })).lastMessagePreview).toBe("");
    await setMessageRetention(systemActor, { workspaceId: world.workspace.id, days: null });
  }, 120_000);
});
