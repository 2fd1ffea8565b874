import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { createContact } from "@/lib/contacts/create-contact";
import { createConversation } from "@/lib/conversations/create-conversation";
import { sql } from "@/lib/db/sql";
import { embedPending } from "@/lib/memory/embed-pending";
import { searchContact } from "@/lib/memory/search-contact";
import { person } from "@/lib/people/actor";
import { seedWorld } from "@/lib/seed/seed-world";
import { percentile, seededBotPrincipal } from "../lib";
import { grade, type CorpusMessage, type MessageMeta, type RelevanceQuery } from "./corpus";
import { K, mean, ndcgAt, recallAt } from "./metrics";

// Loading a judged set through the product's own paths, and measuring contact search over it (bench:relevance and
// its slice in the test suite, relevance.int.test.ts). One customer of a seeded workspace, with conversations the
// helper bot is authorized in (createConversation): contact search reads them all. Messages are written in bulk by SQL
// as in bench:search (a fixture: the product's one door writes one message under a policy at a time); PostgreSQL
// computes their words (messages.search_words), and the real backfill (embedPending, the local encoder's worker
// thread) their vectors. Each search is the real searchContact.

export interface Customer {
  bot: BotPrincipal;
  contactId: string;
  workspaceId: string;
  actorId: string;
  /** The text and metadata of every loaded message, by its id. */
  meta: Map<string, MessageMeta & { text: string }>;
}

/** A seeded workspace and a new customer of it (no messages yet). */
export async function prepareCustomer(): Promise<Customer> {
  const world = await seedWorld();
  const actorId = world.people[0]!.id;
  const contact = await createContact(person(actorId, "cli"), {
    workspaceId: world.workspace.id,
    name: "Rosa Almeida",
    email: "rosa@example.com",
  });
  return {
    bot: seededBotPrincipal(world),
    contactId: contact.id,
    workspaceId: world.workspace.id,
    actorId,
    meta: new Map(),
  };
}

export interface LoadOptions {
  messages: CorpusMessage[];
  /** A name for the set's conversations' titles. */
  label: string;
  /** The time span the set's messages are spread over, ending now (default 365 days). */
  spanDays?: number;
}

/**
 * Opens the set's conversations with the customer (the helper bot authorized in each) and writes its messages,
 * spread over the span by their `at`: two sets loaded over the same span interleave in time.
 */
export async function loadMessages(customer: Customer, { messages, label, spanDays = 365 }: LoadOptions) {
  const conversations = 1 + messages.reduce((max, m) => Math.max(max, m.conversation), 0);
  const end = Date.now();
  const start = end - spanDays * 86_400_000;
  for (let c = 0; c < conversations; c++) {
    const conversation = await createConversation(person(customer.actorId, "cli"), {
      workspaceId: customer.workspaceId,
      title: `${label} ${c + 1}`,
      contactIds: [customer.contactId],
      botIds: [customer.bot.id],
    });
    const mine = messages.filter((m) => m.conversation === c);
    for (let i = 0; i < mine.length; i += 2000) {
      const chunk = mine.slice(i, i + 2000);
      const ids = await insertMessages(conversation.id, {
        userId: customer.actorId,
        bodies: chunk.map((m) => m.text),
        times: chunk.map((m) => new Date(start + m.at * (end - start))),
      });
      ids.forEach((id, j) =>
        customer.meta.set(id, { subtopic: chunk[j]!.subtopic, entity: chunk[j]!.entity, text: chunk[j]!.text }),
      );
    }
  }
  await sql().unchecked("ANALYZE messages");
}

/** Bulk insert of one conversation's messages, in order; their ids in the same order. */
async function insertMessages(
  conversationId: string,
  { userId, bodies, times }: { userId: string; bodies: string[]; times: Date[] },
): Promise<string[]> {
  const rows = await sql().unchecked<{ id: string; seq: number }>(
    `WITH next AS (
       UPDATE conversations SET last_seq = last_seq + $3, last_message_at = now() WHERE id = $1 RETURNING last_seq - $3 AS base
     )
     INSERT INTO messages (conversation_id, seq, kind, body, sender_user_id, created_at)
     SELECT $1, next.base + t.ord, 'text', t.body, $4, t.at
       FROM next, unnest($2::text[], $5::timestamptz[]) WITH ORDINALITY AS t(body, at, ord)
     RETURNING id, seq`,
    [conversationId, bodies, bodies.length, userId, times],
  );
  return rows.sort((a, b) => a.seq - b.seq).map((r) => r.id);
}

/** Embeds everything pending with the real backfill, reporting progress every `reportMs`. */
export async function embedAll(
  options: { report?: (embedded: number, seconds: number) => void; reportMs?: number } = {},
) {
  const t0 = performance.now();
  let embedded = 0;
  for (;;) {
    const result = await embedPending({ batch: 64, budgetMs: options.reportMs ?? 30_000 });
    embedded += result.embedded;
    options.report?.(embedded, (performance.now() - t0) / 1000);
    if (!result.more) break;
  }
  await sql().unchecked("ANALYZE embeddings");
  return { embedded, seconds: (performance.now() - t0) / 1000 };
}

export type Method = "words" | "vectors" | "hybrid";
export const METHODS: Method[] = ["words", "vectors", "hybrid"];
const ONLY = { words: "words", vectors: "meaning", hybrid: undefined } as const;

export interface QueryResult {
  query: RelevanceQuery;
  /** The grades of the top K hits, in order. */
  grades: number[];
  /** The top K hits' message ids. */
  ids: string[];
  ndcg: number;
  /** Capped recall@K over grade 2 and over grade >= 1. */
  recall2: number;
  recall1: number;
  ms: number;
}

export interface MethodSummary {
  method: Method;
  queries: number;
  ndcg: number;
  recall2: number;
  recall1: number;
  /** nDCG@K over the queries that name an entity, and over those that do not. */
  ndcgEntity: number;
  ndcgGeneral: number;
  p50ms: number;
  results: QueryResult[];
}

const counted = new WeakMap<Customer, Map<string, { twos: number; ones: number }>>();

/** How many loaded messages a query grades 2 and 1 (kept per set size: the same for each method). */
function judgedCounts(customer: Customer, query: RelevanceQuery) {
  const memo = counted.get(customer) ?? new Map<string, { twos: number; ones: number }>();
  counted.set(customer, memo);
  const key = `${customer.meta.size}:${query.id}`;
  const known = memo.get(key);
  if (known) return known;
  const counts = { twos: 0, ones: 0 };
  for (const m of customer.meta.values()) {
    const g = grade(query, m);
    if (g === 2) counts.twos++;
    else if (g === 1) counts.ones++;
  }
  memo.set(key, counts);
  return counts;
}

/** Runs every query through contact search with one method and measures it against the loaded set's grades. */
export async function evaluate(
  customer: Customer,
  { queries, method }: { queries: RelevanceQuery[]; method: Method },
): Promise<MethodSummary> {
  const results: QueryResult[] = [];
  for (const query of queries) {
    const { twos, ones } = judgedCounts(customer, query);
    const t0 = performance.now();
    const hits = await searchContact(customer.bot, {
      contactId: customer.contactId,
      query: query.text,
      limit: K,
      only: ONLY[method],
    });
    const ms = performance.now() - t0;
    const ids = hits.map((h) => h.id);
    const grades = ids.map((id) => {
      const meta = customer.meta.get(id);
      return meta ? grade(query, meta) : 0;
    });
    const judged = [...Array<number>(Math.min(twos, K)).fill(2), ...Array<number>(Math.min(ones, K)).fill(1)];
    results.push({
      query,
      grades,
      ids,
      ndcg: ndcgAt(grades, { judged }),
      recall2: recallAt(grades, { relevant: twos, atLeast: 2 }),
      recall1: recallAt(grades, { relevant: twos + ones, atLeast: 1 }),
      ms,
    });
  }
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    method,
    queries: results.length,
    ndcg: mean(results.map((r) => r.ndcg)),
    recall2: mean(results.map((r) => r.recall2)),
    recall1: mean(results.map((r) => r.recall1)),
    ndcgEntity: mean(results.filter((r) => r.query.entity).map((r) => r.ndcg)),
    ndcgGeneral: mean(results.filter((r) => !r.query.entity).map((r) => r.ndcg)),
    p50ms: percentile(times, 50),
    results,
  };
}
