import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { query } from "@/lib/db/sql";
// Its reads tolerate a replica (docs/decisions/044): the route reads through one when DATABASE_READ_URLS is set.
import { readSql as pooled } from "@/lib/db/replicas";
import { embeddingModelId, embedTexts } from "@/lib/embeddings/encoder";
import { dot } from "@/lib/embeddings/similarity";
import { ApiError } from "@/lib/errors";
import { log } from "@/lib/log";
import { QUERY_MAX, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from "@/lib/schemas/search";
import { requireBotContact, type ContactAccess } from "./contact-access";
import { excerpt } from "./excerpt";
import { readFloat4Array } from "./array-send";
import { nearestMessages } from "./vector-cache";
import { HNSW_MAX_DIMS, nearestMessagesPgvector, pgvectorSupport } from "./pgvector";

// GET /contacts/{id}/search: hybrid search over what a bot may see about a contact
// (docs/api-contract.md#contact-memory). Two ranked lists over the contact's messages (in conversations where the bot
// is authorized; system messages left out) and its confirmed facts (those whose source the bot may read, as in the
// context pack), fused by reciprocal rank fusion: score = sum over the lists of 1 / (60 + rank).
//   - Words: PostgreSQL full-text search, `english` configuration (stems, stopwords), websearch_to_tsquery syntax,
//     ranked by ts_rank_cd among the 500 most recent matches (by seq within a conversation, by time across
//     conversations). A query of stopwords alone has no lexemes (no row matches an empty tsquery): the vector list
//     answers alone.
//   - Meaning: cosine similarity of sentence embeddings, over the vectors of the current model (embeddingModelId()).
//     With pgvector, an HNSW index walk; without it, exact: int8 candidates from the per-process cache re-ranked with
//     the stored float vectors (lib/memory/vector-cache.ts). Items not embedded yet are found by words only.
// An item with no vector of the current model (just sent, or not yet re-embedded after a switch of model:
// docs/decisions/040-switching-encoders.md) could not be ranked by meaning at all. The fusion does not count that
// against it: it gets its word rank's share for the meaning list too, as if its meaning rank equalled its word rank.
// Otherwise, for as long as a re-embedding takes, the best word match in a not-yet-re-embedded conversation would fall
// behind any mediocre item that both lists know. And if the query cannot be embedded (the encoder or the embeddings
// API failing), the words answer alone: search degrades, it does not fail.
// Every hit is cited and marked untrusted: its text is exactly as stored, data to quote, never instructions.

export const RRF_K = 60;
/** Items each list contributes to the fusion. */
const DEPTH = 50;
/**
 * int8 candidates re-ranked exactly. The estimates are off by ~0.001 in cosine, far less than the gap between the
 * 50th and the 100th nearest (bench/search checks the result against brute force); each candidate's float vector
 * is read back (~0.07 ms each), so no more than needed.
 */
const CANDIDATES = 2 * DEPTH;
const EXCERPT_CHARS = 160;
const FTS_CONFIG = "english";
/** Most recent word matches ranked per query. */
const RANKED_MATCHES = 500;

export type VectorPath = "auto" | "exact" | "pgvector";

export interface SearchOptions {
  /** What to search for (the `q` query parameter). */
  query: string;
  limit?: number;
  /** Which vector path: `auto` (pgvector when installed) unless a test or the benchmark compares them. */
  vector?: VectorPath;
  /**
   * One list alone, for bench:relevance (issue 36) to measure each side: `words` or `meaning`, ranked as the fusion
   * ranks a single list. Unset (what every caller outside the benchmark does): both, fused.
   */
  only?: "words" | "meaning";
}

export interface SearchHit {
  kind: "message" | "fact";
  id: string;
  text: string;
  score: number;
  citation: { message_id: string | null; conversation_id: string | null; seq: number | null; excerpt: string | null };
  untrusted: true;
}

type Ranked = { kind: "message" | "fact"; id: string }[];

export interface SearchContactOptions extends SearchOptions {
  /** The contact's id as the request gave it. */
  contactId: string;
}

export async function searchContact(
  bot: BotPrincipal,
  { contactId, ...options }: SearchContactOptions,
): Promise<SearchHit[]> {
  requireQuery(options.query);
  return searchContactFor(await requireBotContact(bot, { contactId }), options);
}

/** The same search for whoever was granted `access` (a bot, or a person through MCP: lib/memory/person-contact-access.ts). */
export async function searchContactFor(access: ContactAccess, options: SearchOptions): Promise<SearchHit[]> {
  const { query: q } = options;
  requireQuery(q);
  const limit = Math.min(Math.max(1, Math.floor(options.limit ?? SEARCH_LIMIT_DEFAULT)), SEARCH_LIMIT_MAX);
  const scope = { contactId: access.contactId, conversationIds: access.conversationIds };
  if (options.only) {
    const list =
      options.only === "words"
        ? await wordMatches(scope, q)
        : await nearest(scope, q, { path: options.vector ?? "auto", tolerant: false });
    return hydrate(scope, fuse([list]).slice(0, limit));
  }
  const words = wordMatches(scope, q);
  // Which word matches the meaning list could not see, looked up while the query is embedded.
  const unseen = words.then((list) => withoutVector(list, embeddingModelId()));
  const [wordList, meaning, blind] = await Promise.all([
    words,
    nearest(scope, q, { path: options.vector ?? "auto", tolerant: true }),
    unseen,
  ]);
  const fused = fuse([wordList, meaning ?? []], { unseen: meaning ? [undefined, blind] : [] }).slice(0, limit);
  return hydrate(scope, fused);
}

function requireQuery(q: string) {
  if (q.trim().length === 0 || q.length > QUERY_MAX || q.includes("\u0000")) {
    throw new ApiError("invalid_body", `Query is invalid: q must be 1 to ${QUERY_MAX} characters of text`);
  }
}

interface Scope {
  contactId: string;
  conversationIds: string[];
}

/** A fact is visible when its source message is in a conversation the bot may read, or it has no source and is
 * not scoped to another conversation (the rule of the context pack, lib/memory/context-pack.ts). */
const FACT_VISIBLE = `f.contact_id = $1 AND f.status = 'confirmed'
  AND (s.conversation_id = ANY($2::uuid[]) OR (f.source_message_id IS NULL AND (f.conversation_id IS NULL OR f.conversation_id = ANY($2::uuid[]))))`;

const TSQUERY = `websearch_to_tsquery('${FTS_CONFIG}', $3)`;
const WORD_MATCHES = query("search.wordMatches", {
  text: `(SELECT 'message' AS kind, recent.id, ts_rank_cd(recent.search_words, ${TSQUERY}, 1) AS rank
      FROM (SELECT w.id, w.created_at, w.search_words
              FROM relay_recent_word_hits($2::uuid[], ${TSQUERY}, ${RANKED_MATCHES}) AS w
             ORDER BY w.created_at DESC
             LIMIT ${RANKED_MATCHES}) AS recent
     ORDER BY 3 DESC, recent.created_at DESC
     LIMIT ${DEPTH})
   UNION ALL
   (SELECT 'fact', f.id, ts_rank_cd(to_tsvector('${FTS_CONFIG}', f.fact), ${TSQUERY}, 1)
      FROM contact_facts f LEFT JOIN messages s ON s.id = f.source_message_id
     WHERE ${FACT_VISIBLE}
       AND to_tsvector('${FTS_CONFIG}', f.fact) @@ ${TSQUERY}
     ORDER BY 3 DESC
     LIMIT ${DEPTH})`,
  notNull: ["kind", "id", "rank"],
});

/**
 * Word matches, best first (messages and facts in one list). The messages' side is relay_recent_word_hits
 * (migrations 20261130120000, 20261208000000): each conversation's blocks of 4,096 messages newest first, until it
 * has RANKED_MATCHES matches. A common word in a long history reads about as many matches as it keeps, not every one
 * (bench/RESULTS.md, Scale, fix 4). Only the newest RANKED_MATCHES are ranked, from their stored words
 * (messages.search_words): the last blocks read give more, and ranking costs ~4 us a match.
 */
async function wordMatches(scope: Scope, q: string): Promise<Ranked> {
  const rows = await pooled().query(WORD_MATCHES, [scope.contactId, scope.conversationIds, q]);
  return rows
    .sort((a, b) => b.rank - a.rank)
    .slice(0, DEPTH)
    .map(({ kind, id }) => ({ kind: kind as "message" | "fact", id }));
}

const WITHOUT_VECTOR = query("search.withoutVector", {
  text: `SELECT t.kind, t.id
     FROM unnest($1::text[], $2::uuid[]) AS t(kind, id)
    WHERE NOT EXISTS (SELECT 1 FROM embeddings e WHERE e.subject_type = t.kind AND e.subject_id = t.id AND e.model = $3)`,
  notNull: ["kind", "id"],
});

/** The items of `list` with no vector of `model` (by primary key: at most 2 x DEPTH lookups), as fuse's keys. */
async function withoutVector(list: Ranked, model: string): Promise<Set<string>> {
  if (list.length === 0) return new Set();
  const rows = await pooled().query(WITHOUT_VECTOR, [list.map((i) => i.kind), list.map((i) => i.id), model]);
  return new Set(rows.map((row) => itemKey({ kind: row.kind as "message" | "fact", id: row.id })));
}

interface NearestOptions {
  path: VectorPath;
  /** On a failure (the encoder or the embeddings API down), log it and answer null: the words answer alone. */
  tolerant: boolean;
}

/** Nearest by meaning, best first (messages and facts in one list); null when a failure was tolerated. */
function nearest(scope: Scope, q: string, options: NearestOptions & { tolerant: false }): Promise<Ranked>;
function nearest(scope: Scope, q: string, options: NearestOptions): Promise<Ranked | null>;
async function nearest(scope: Scope, q: string, { path, tolerant }: NearestOptions): Promise<Ranked | null> {
  if (!tolerant) return nearestByMeaning(scope, q, path);
  try {
    return await nearestByMeaning(scope, q, path);
  } catch (error) {
    log().warn({ err: error }, "contact search: the meaning side failed; answering by words alone");
    return null;
  }
}

async function nearestByMeaning(scope: Scope, q: string, path: VectorPath): Promise<Ranked> {
  const { model, dims, vectors } = await embedTexts([q]);
  const query = vectors[0]!;
  const [messages, facts] = await Promise.all([
    (async () => {
      const usePgvector =
        path === "pgvector" || (path === "auto" && dims <= HNSW_MAX_DIMS && (await pgvectorSupport()).installed);
      if (usePgvector)
        return nearestMessagesPgvector({ conversationIds: scope.conversationIds, model, query, depth: DEPTH });
      const candidates = await nearestMessages({
        conversationIds: scope.conversationIds,
        model,
        query,
        depth: CANDIDATES,
      });
      return rerank(candidates, model, query);
    })(),
    nearestFacts(scope, model, query),
  ]);
  const all = [
    ...messages.map((m) => ({ kind: "message" as const, ...m })),
    ...facts.map((f) => ({ kind: "fact" as const, ...f })),
  ];
  return all
    .sort((a, b) => b.cosine - a.cosine)
    .slice(0, DEPTH)
    .map(({ kind, id }) => ({ kind, id }));
}

const RERANK = query("search.rerankVectors", {
  text: `SELECT m.id, array_send(e.embedding) AS embedding
     FROM unnest($1::uuid[], $2::int4[]) AS k(conversation_id, seq)
     JOIN messages m ON m.conversation_id = k.conversation_id AND m.seq = k.seq
     JOIN embeddings e ON e.subject_type = 'message' AND e.subject_id = m.id AND e.model = $3`,
  notNull: ["embedding"],
});

/** Exact cosines of the int8 candidates, from their stored float vectors. */
async function rerank(candidates: { conversationId: string; seq: number }[], model: string, query: Float32Array) {
  if (candidates.length === 0) return [];
  const rows = await pooled().query(RERANK, [
    candidates.map((c) => c.conversationId),
    candidates.map((c) => c.seq),
    model,
  ]);
  return rows
    .map(({ id, embedding }) => ({ id, cosine: dot(readFloat4Array(embedding), query) }))
    .sort((a, b) => b.cosine - a.cosine)
    .slice(0, DEPTH);
}

const FACT_VECTORS = query("search.factVectors", {
  text: `SELECT f.id, array_send(e.embedding) AS embedding
     FROM contact_facts f
     LEFT JOIN messages s ON s.id = f.source_message_id
     JOIN embeddings e ON e.subject_type = 'fact' AND e.subject_id = f.id AND e.model = $3
    WHERE ${FACT_VISIBLE}`,
  notNull: ["embedding"],
});

/** The contact's visible confirmed facts by cosine: few per contact, so all of them, compared here. */
async function nearestFacts(scope: Scope, model: string, query: Float32Array) {
  const rows = await pooled().query(FACT_VECTORS, [scope.contactId, scope.conversationIds, model]);
  const scored: { id: string; cosine: number }[] = [];
  for (const row of rows) {
    const vector = readFloat4Array(row.embedding);
    if (vector.length === query.length) scored.push({ id: row.id, cosine: dot(vector, query) });
  }
  return scored;
}

/** An item's key in fuse's `unseen` sets: a message and a fact may share an id. */
export const itemKey = (item: { kind: "message" | "fact"; id: string }) => `${item.kind}:${item.id}`;

export interface FuseOptions {
  /**
   * Per list (by position), the keys (itemKey) of items that list could not have ranked: the meaning list cannot rank
   * an item with no vector of the current model. Such an item gets, for that list, the mean of what the lists that
   * could rank it gave it, instead of nothing.
   */
  unseen?: (ReadonlySet<string> | undefined)[];
}

/** Reciprocal rank fusion (k = 60) of ranked lists; ties keep the order of first appearance. */
export function fuse(
  lists: Ranked[],
  { unseen = [] }: FuseOptions = {},
): { kind: "message" | "fact"; id: string; score: number }[] {
  const scores = new Map<string, { kind: "message" | "fact"; id: string; score: number; lists: number }>();
  for (const list of lists) {
    list.forEach((item, index) => {
      const key = itemKey(item);
      const entry = scores.get(key) ?? { kind: item.kind, id: item.id, score: 0, lists: 0 };
      entry.score += 1 / (RRF_K + index + 1);
      entry.lists += 1;
      scores.set(key, entry);
    });
  }
  const listed = lists.map((list) => new Set(list.map(itemKey)));
  for (const [key, entry] of scores) {
    // A list that ranked the item after all (its vector arrived between the two reads) is not blind to it.
    const blind = unseen.filter((keys, i) => keys?.has(key) && !listed[i]?.has(key)).length;
    if (blind > 0) entry.score += (entry.score / entry.lists) * blind;
  }
  return [...scores.values()].map(({ kind, id, score }) => ({ kind, id, score })).sort((a, b) => b.score - a.score);
}

const HIT_MESSAGES = query("search.hitMessages", {
  text: `SELECT id, conversation_id, seq, body FROM messages WHERE id = ANY($1::uuid[]) AND conversation_id = ANY($2::uuid[])`,
});
const HIT_FACTS = query("search.hitFacts", {
  text: `SELECT f.id, f.fact, f.source_message_id, s.conversation_id, s.seq, s.body
     FROM contact_facts f LEFT JOIN messages s ON s.id = f.source_message_id
    WHERE f.id = ANY($3::uuid[]) AND ${FACT_VISIBLE}`,
});

/** The hits' texts and citations, read again under the same visibility rules. */
async function hydrate(
  scope: Scope,
  fused: { kind: "message" | "fact"; id: string; score: number }[],
): Promise<SearchHit[]> {
  const messageIds = fused.filter((f) => f.kind === "message").map((f) => f.id);
  const factIds = fused.filter((f) => f.kind === "fact").map((f) => f.id);
  const db = pooled();
  const [messages, facts] = await Promise.all([
    messageIds.length === 0 ? [] : db.query(HIT_MESSAGES, [messageIds, scope.conversationIds]),
    factIds.length === 0 ? [] : db.query(HIT_FACTS, [scope.contactId, scope.conversationIds, factIds]),
  ]);
  const byMessage = new Map(messages.map((m) => [m.id, m]));
  const byFact = new Map(facts.map((f) => [f.id, f]));
  const hits: SearchHit[] = [];
  for (const item of fused) {
    if (item.kind === "message") {
      const m = byMessage.get(item.id);
      if (!m) continue;
      hits.push({
        kind: "message",
        id: m.id,
        text: m.body,
        score: item.score,
        citation: {
          message_id: m.id,
          conversation_id: m.conversation_id,
          seq: m.seq,
          excerpt: excerpt(m.body, EXCERPT_CHARS),
        },
        untrusted: true,
      });
    } else {
      const f = byFact.get(item.id);
      if (!f) continue;
      const cited = f.source_message_id !== null && f.conversation_id !== null;
      hits.push({
        kind: "fact",
        id: f.id,
        text: f.fact,
        score: item.score,
        citation: cited
          ? {
              message_id: f.source_message_id,
              conversation_id: f.conversation_id,
              seq: f.seq,
              excerpt: excerpt(f.body ?? "", EXCERPT_CHARS),
            }
          : { message_id: null, conversation_id: null, seq: null, excerpt: null },
        untrusted: true,
      });
    }
  }
  return hits;
}
