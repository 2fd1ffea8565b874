import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/lib/db/sql";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";

// The word search's messages side (lib/memory/search-contact.ts, search.wordMatches) is relay_recent_word_hits
// (migrations 20261130120000 and 20261208000000), its newest matches ranked after: each conversation's blocks of 4,096 messages newest first, until it has the matches
// it wants. These tests hold it to what it replaces: "the 500 most recent matches, ranked", computed here the slow
// way over every message, on a conversation of 20,000 messages (five blocks) and a short one beside it.

const LONG = 20_000;
const WANTED = 500;

let world: SeededWorld;
let long: string;
let short: string;

/** The slow way: every matching message of the conversations, the newest `WANTED`, ranked (as before the blocks). */
const REFERENCE = `
  SELECT r.id, r.rank FROM (
    SELECT m.id, m.created_at, ts_rank_cd(to_tsvector('english', m.body), websearch_to_tsquery('english', $2), 1) AS rank
      FROM messages m
     WHERE m.conversation_id = ANY($1::uuid[]) AND m.kind <> 'system'
       AND to_tsvector('english', m.body) @@ websearch_to_tsquery('english', $2)
     ORDER BY m.created_at DESC LIMIT ${WANTED}) r
  ORDER BY r.rank DESC, r.created_at DESC`;
const BLOCKS = `
  SELECT r.id, ts_rank_cd(r.search_words, websearch_to_tsquery('english', $2), 1) AS rank FROM (
    SELECT w.id, w.created_at, w.search_words
      FROM relay_recent_word_hits($1::uuid[], websearch_to_tsquery('english', $2), ${WANTED}) w
     ORDER BY w.created_at DESC LIMIT ${WANTED}) r
  ORDER BY 2 DESC, r.created_at DESC`;

const ranked = (text: string, conversations: string[], q: string) =>
  sql().unchecked<{ id: string; rank: number }>(text, [conversations, q]);
/** `SELECT count(*)` of `from` (its $1 the conversations, $2 the query). */
const countOf = async (from: string, conversations: string[], q: string) =>
  Number((await sql().unchecked<{ n: string }>(`SELECT count(*) AS n FROM ${from}`, [conversations, q]))[0]!.n);
/** Rows the function gave: the matches it read. */
const rowsRead = (conversations: string[], q: string) =>
  countOf(`relay_recent_word_hits($1::uuid[], websearch_to_tsquery('english', $2), ${WANTED})`, conversations, q);
/** Every matching message of the conversations, the slow way. */
const matching = (conversations: string[], q: string) =>
  countOf(
    `messages WHERE conversation_id = ANY($1::uuid[]) AND kind <> 'system'
        AND to_tsvector('english', body) @@ websearch_to_tsquery('english', $2)`,
    conversations,
    q,
  );

/**
 * The function ranks the same `WANTED` newest matches as reading every match, from at least `WANTED` rows read and
 * fewer than all the matches: it stopped before the oldest blocks.
 */
async function expectSameNewestFromFewerRows(conversations: string[], q: string) {
  const expected = await ranked(REFERENCE, conversations, q);
  expect(expected).toHaveLength(WANTED);
  expect(await ranked(BLOCKS, conversations, q)).toEqual(expected);
  const read = await rowsRead(conversations, q);
  expect(read).toBeGreaterThanOrEqual(WANTED);
  expect(read).toBeLessThan(await matching(conversations, q));
}

beforeAll(async () => {
  world = await seedWorld();
  [long, short] = [world.conversations[0]!.id, world.conversations[1]!.id];
  // Every 5th message says "lisbon" (1 to 4 times, so ranks differ), every 1,000th (plus 7) "zebra", every 25th (plus
  // 3) "walnut"; every 97th is a system message. One a second, the short conversation's between the long one's (times never tie).
  await sql().unchecked(
    `INSERT INTO messages (conversation_id, seq, kind, body, created_at)
     SELECT $1, c.last_seq + g, (CASE WHEN g % 97 = 0 THEN 'system' ELSE 'text' END)::message_kind,
            CASE WHEN g % 5 = 0 THEN repeat('lisbon ', 1 + g % 4) || 'order ' || g
                 WHEN g % 1000 = 7 THEN 'a zebra crossing, ' || g
                 WHEN g % 25 = 3 THEN 'the walnut table, ' || g
                 ELSE 'nothing to see here, ' || g END,
            now() - interval '1 day' + g * interval '1 second'
       FROM generate_series(1, ${LONG}) g, (SELECT last_seq FROM conversations WHERE id = $1) c`,
    [long],
  );
  await sql().unchecked(
    `INSERT INTO messages (conversation_id, seq, kind, body, created_at)
     SELECT $1, c.last_seq + g, 'text', 'lisbon again, from the other conversation ' || g,
            now() - interval '1 day' + (${LONG} - 300 + 20 * g) * interval '1 second' + interval '500 milliseconds'
       FROM generate_series(1, 10) g, (SELECT last_seq FROM conversations WHERE id = $1) c`,
    [short],
  );
  await sql().unchecked(
    `UPDATE conversations c SET last_seq = (SELECT max(seq) FROM messages m WHERE m.conversation_id = c.id) WHERE id = ANY($1::uuid[])`,
    [[long, short]],
  );
});

describe("relay_recent_word_hits", () => {
  it("ranks the same newest matches as reading every one, and stops reading blocks once it has enough", async () => {
    const both = [long, short];
    expect(await matching([long], "lisbon")).toBeGreaterThan(3_900);
    const expected = await ranked(REFERENCE, both, "lisbon");
    expect(expected).toHaveLength(WANTED);
    expect(await ranked(BLOCKS, both, "lisbon")).toEqual(expected);
    // The newest block (seq 16,384 and up: ~3,600 messages, ~720 matches) was enough for the long conversation.
    const read = await rowsRead(both, "lisbon");
    expect(read).toBeGreaterThanOrEqual(WANTED);
    expect(read).toBeLessThan(1_000);
    // The short conversation's matches are among the newest, by time.
    const shortIds = await sql().unchecked<{ id: string }>(
      "SELECT id FROM messages WHERE conversation_id = $1 AND body LIKE 'lisbon again%'",
      [short],
    );
    const kept = new Set((await ranked(BLOCKS, both, "lisbon")).map((r) => r.id));
    expect(shortIds.filter((m) => kept.has(m.id))).toHaveLength(10);
  });

  it("reads as many more blocks as the matches so far say it needs, not twice as many", async () => {
    // ~160 "walnut" a block: 500 need four blocks. Doubling read 1, then 2, then 4 (all five); the density of the first
    // block says three more.
    await expectSameNewestFromFewerRows([long], "walnut");
  });

  it("judges the density by the messages read, not the blocks: the newest block may hold a few", async () => {
    // Four full blocks and 200 messages in a fifth, "hazel" every 20th: ~205 a full block, 10 in the newest. Per block,
    // those 10 said 49 more blocks (all four: every match); per message they say three, which give the 500.
    const partial = world.conversations[2]!.id;
    await sql().unchecked(
      `INSERT INTO messages (conversation_id, seq, kind, body, created_at)
       SELECT $1, c.last_seq + g, 'text', CASE WHEN g % 20 = 0 THEN 'the hazel desk, ' || g ELSE 'nothing, ' || g END,
              now() - interval '1 day' + g * interval '1 second'
         FROM (SELECT last_seq FROM conversations WHERE id = $1) c, generate_series(1, 4 * 4096 + 200 - c.last_seq) g`,
      [partial],
    );
    await sql().unchecked(
      `UPDATE conversations c SET last_seq = (SELECT max(seq) FROM messages m WHERE m.conversation_id = c.id) WHERE id = $1`,
      [partial],
    );
    await expectSameNewestFromFewerRows([partial], "hazel");
  });

  it("reads every block for a rare word, and leaves system messages out", async () => {
    const expected = await ranked(REFERENCE, [long], "zebra");
    expect(expected.length).toBeGreaterThan(10);
    expect(await ranked(BLOCKS, [long], "zebra")).toEqual(expected);
    expect(await ranked(BLOCKS, [long], "quixotic")).toEqual([]);
    const system = await sql().unchecked<{ id: string }>(
      "SELECT id FROM messages WHERE conversation_id = $1 AND kind = 'system' AND body LIKE 'lisbon%'",
      [long],
    );
    expect(system.length).toBeGreaterThan(0);
    const all = await sql().unchecked<{ id: string }>(
      `SELECT id FROM relay_recent_word_hits($1::uuid[], websearch_to_tsquery('english', 'lisbon'), 1000000)`,
      [[long]],
    );
    expect(all).toHaveLength(await matching([long], "lisbon"));
    const ids = new Set(all.map((r) => r.id));
    expect(system.filter((m) => ids.has(m.id))).toEqual([]);
  });

  it("reads many short conversations together, the same as reading every match", async () => {
    const [{ ids }] = (await sql().unchecked<{ ids: string[] }>(
      `WITH made AS (
         INSERT INTO conversations (workspace_id, title, last_seq)
         SELECT workspace_id, 'short ' || g, 5 FROM conversations, generate_series(1, 30) g WHERE id = $1
         RETURNING id)
       SELECT array_agg(id) AS ids FROM made`,
      [long],
    )) as [{ ids: string[] }];
    // Five messages each, their times between the long conversation's newest (never tying), "lisbon" in three.
    await sql().unchecked(
      `INSERT INTO messages (conversation_id, seq, kind, body, created_at)
       SELECT c.id, k, 'text', CASE WHEN k % 2 = 1 THEN 'lisbon from a short one, ' ELSE 'porto, ' END || c.n || '/' || k,
              now() - interval '1 day' + (${LONG} - 1000 + c.n * 30 + k) * interval '1 second' + interval '250 milliseconds'
         FROM unnest($1::uuid[]) WITH ORDINALITY AS c(id, n), generate_series(1, 5) k`,
      [ids],
    );
    const scope = [long, short, ...ids];
    const expected = await ranked(REFERENCE, scope, "lisbon");
    expect(expected).toHaveLength(WANTED);
    expect(await ranked(BLOCKS, scope, "lisbon")).toEqual(expected);
    expect(await ranked(BLOCKS, ids, "lisbon")).toEqual(await ranked(REFERENCE, ids, "lisbon"));
    expect(await ranked(BLOCKS, ids, "lisbon")).toHaveLength(90);
  });

  it("follows an edited message's words", async () => {
    const [message] = await sql().unchecked<{ id: string }>(
      "SELECT id FROM messages WHERE conversation_id = $1 AND seq = (SELECT last_seq - 3 FROM conversations WHERE id = $1)",
      [long],
    );
    await sql().unchecked("UPDATE messages SET body = 'the azulejos arrived', kind = 'text' WHERE id = $1", [
      message!.id,
    ]);
    expect((await ranked(BLOCKS, [long], "azulejo")).map((r) => r.id)).toEqual([message!.id]);
  });
});

describe("the messages' full-text index", () => {
  it("is one GIN index on (the message's block, its stored words), and the only full-text one", async () => {
    const rows = await sql().unchecked<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'messages'
          AND (indexdef LIKE '%tsvector%' OR indexdef LIKE '%search_words%')`,
    );
    expect(rows.map((r) => r.indexdef)).toEqual([
      "CREATE INDEX messages_search_block_words_idx ON public.messages USING gin (relay_message_search_block(conversation_id, seq), search_words) WITH (gin_pending_list_limit='64')",
    ]);
  });
});
