import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { query, sql as pooled } from "@/lib/db/sql";
import { embedTexts } from "@/lib/embeddings/encoder";
import { dot } from "@/lib/embeddings/similarity";
import { ApiError } from "@/lib/errors";
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
//   - Meaning: cosine similarity of sentence embeddings, over the vectors of the current model. With pgvector, an
//     HNSW index walk; without it, exact: int8 candidates from the per-process cache re-ranked with the stored
//     float vectors (lib/memory/vector-cache.ts). Items not embedded yet are found by words only.
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
  const [words, meaning] = await Promise.all([
    options.only === "meaning" ? [] : wordMatches(scope, q),
    options.only === "words" ? [] : nearest(scope, q, options.vector ?? "auto"),
  ]);
  const fused = fuse([words, meaning]).slice(0, limit);
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
  text: `(SELECT 'message' AS kind, recent.id, recent.rank
      FROM (SELECT w.id, w.created_at, w.rank
              FROM relay_recent_word_matches($2::uuid[], ${TSQUERY}, ${RANKED_MATCHES}) AS w
             ORDER BY w.created_at DESC
             LIMIT ${RANKED_MATCHES}) AS recent
     ORDER BY recent.rank DESC, recent.created_at DESC
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
 * Word matches, best first (messages and facts in one list). The messages' side is relay_recent_word_matches
 * (migration 20261130120000): each conversation's blocks of 4,096 messages newest first, until it has
 * RANKED_MATCHES matches, ranked from the stored words (messages.search_words). A common word in a long history
 * reads about as many matches as it keeps, not every one (bench/RESULTS.md, Scale, fix 4).
 */
async function wordMatches(scope: Scope, q: string): Promise<Ranked> {
  const rows = await pooled().query(WORD_MATCHES, [scope.contactId, scope.conversationIds, q]);
  return rows
    .sort((a, b) => b.rank - a.rank)
    .slice(0, DEPTH)
    .map(({ kind, id }) => ({ kind: kind as "message" | "fact", id }));
}

/** Nearest by meaning, best first (messages and facts in one list). */
async function nearest(scope: Scope, q: string, path: VectorPath): Promise<Ranked> {
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

/** Reciprocal rank fusion (k = 60) of ranked lists; ties keep the order of first appearance. */
export function fuse(lists: Ranked[]): { kind: "message" | "fact"; id: string; score: number }[] {
  const scores = new Map<string, { kind: "message" | "fact"; id: string; score: number }>();
  for (const list of lists) {
    list.forEach((item, index) => {
      const key = `${item.kind}:${item.id}`;
      const entry = scores.get(key) ?? { ...item, score: 0 };
      entry.score += 1 / (RRF_K + index + 1);
      scores.set(key, entry);
    });
  }
  return [...scores.values()].sort((a, b) => b.score - a.score);
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
