import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { query } from "@/lib/db/sql";
import { readSql } from "@/lib/db/replicas";
import { env } from "@/lib/env";
import { requireBotContact, type ContactAccess } from "./contact-access";
import { excerpt } from "./excerpt";
import { countTokens } from "./tokens";

// GET /contacts/{id}/context: what is known about a contact, for a bot to put in front of its model. Only confirmed
// facts, each cited (message id, conversation id, seq, a short excerpt), within a token budget counted with cl100k
// (under 1500 tokens for `full`, under 500 for `compact`). When the budget is tight the most useful facts stay and
// the rest are dropped whole, never cut mid-item. Useful = most recently confirmed first, since a newer confirmation
// reflects what people checked last; facts of a conflicting key stay together at the front, so a bot sees the
// disagreement rather than one side of it.
//
// A fact is in a bot's pack only when its source is in a conversation that bot may read (a citation would otherwise
// show it a message it cannot see). Status, in order: insufficient_evidence (fewer than MEMORY_MIN_FACTS confirmed
// facts), conflicting_facts (two confirmed facts disagree on one key), stale_sources (a cited message is older than
// MEMORY_STALE_DAYS or was deleted), else ready.

export const BUDGETS = { full: 1500, compact: 500 } as const;
const EXCERPT = { full: 160, compact: 60 } as const;
export type ContextFormat = keyof typeof BUDGETS;

const CONFIRMED = query("memory.contextFacts", {
  text: `SELECT f.id, f.key, f.fact, f.confirmed_at, f.source_message_id,
          m.conversation_id, m.seq, m.body, m.created_at AS message_at
     FROM contact_facts f
     LEFT JOIN messages m ON m.id = f.source_message_id
    WHERE f.contact_id = $1 AND f.status = 'confirmed'
      AND (m.conversation_id = ANY($2::uuid[]) OR (f.source_message_id IS NULL AND (f.conversation_id IS NULL OR f.conversation_id = ANY($2::uuid[]))))
    ORDER BY f.confirmed_at DESC, f.id`,
  notNull: ["confirmed_at"], // confirming a fact sets its confirmed_at (lib/memory/decide-fact.ts)
});

export interface ContextOptions {
  now?: Date;
  minFacts?: number;
  staleDays?: number;
}

export interface ContextPackOptions extends ContextOptions {
  format: ContextFormat;
}

export interface BuildContextPackOptions extends ContextPackOptions {
  /** The contact's id as the request gave it. */
  contactId: string;
}

export async function buildContextPack(bot: BotPrincipal, { contactId, ...options }: BuildContextPackOptions) {
  return contextPackFor(await requireBotContact(bot, { contactId }), options);
}

/** The pack for whoever was granted `access` (a bot, or a person through MCP: lib/memory/person-contact-access.ts). */
export async function contextPackFor(access: ContactAccess, options: ContextPackOptions) {
  const { format } = options;
  const now = options.now ?? new Date();
  const minFacts = options.minFacts ?? env().MEMORY_MIN_FACTS;
  const staleDays = options.staleDays ?? env().MEMORY_STALE_DAYS;
  const rows = await readSql().query(CONFIRMED, [access.contactId, access.conversationIds]);

  const byKey = new Map<string, Set<string>>();
  for (const row of rows) byKey.set(row.key, (byKey.get(row.key) ?? new Set()).add(row.fact.trim().toLowerCase()));
  const conflicting = new Set([...byKey].filter(([, facts]) => facts.size > 1).map(([key]) => key));
  const staleBefore = now.getTime() - staleDays * 86_400_000;
  const stale = rows.some(
    (row) => row.source_message_id === null || (row.message_at && row.message_at.getTime() < staleBefore),
  );
  const status: "ready" | "insufficient_evidence" | "conflicting_facts" | "stale_sources" =
    rows.length < minFacts
      ? "insufficient_evidence"
      : conflicting.size > 0
        ? "conflicting_facts"
        : stale
          ? "stale_sources"
          : "ready";

  const ordered = [...rows.filter((r) => conflicting.has(r.key)), ...rows.filter((r) => !conflicting.has(r.key))];
  const items = ordered.map((row) => ({
    key: row.key,
    fact: row.fact,
    confirmed_at: row.confirmed_at.toISOString(),
    citations:
      row.source_message_id && row.conversation_id && row.seq !== null
        ? [
            {
              message_id: row.source_message_id,
              conversation_id: row.conversation_id,
              seq: row.seq,
              excerpt: excerpt(row.body ?? "", EXCERPT[format]),
            },
          ]
        : [],
  }));

  const pack = {
    contact_id: access.contactId,
    format,
    status,
    token_count: 0,
    items: [] as typeof items,
    generated_at: now.toISOString(),
  };
  return fitToBudget(pack, { items, budget: BUDGETS[format] });
}

export interface FitToBudgetOptions<I> {
  /** The candidate items, most useful first. */
  items: I[];
  /** Tokens the whole pack must stay under. */
  budget: number;
}

/**
 * Adds items in order while the whole pack, as the JSON a bot receives, stays under the budget; an item that does
 * not fit is skipped whole (a smaller, less useful one may still fit). Items are measured one by one (plus one token
 * for the comma between them), then the whole JSON is counted; should BPE merges across item boundaries make it
 * larger, the last items go until it fits. token_count is the count of the final JSON.
 */
export function fitToBudget<P extends { token_count: number; items: I[] }, I>(
  pack: P,
  { items, budget }: FitToBudgetOptions<I>,
): P {
  // 99999 stands in for the count itself: the real one has as many digits at most, so it never counts more.
  const measure = (candidate: P) => countTokens(JSON.stringify({ ...candidate, token_count: 99_999 }));
  let used = measure({ ...pack, items: [] });
  const kept: I[] = [];
  for (const item of items) {
    const cost = countTokens(JSON.stringify(item)) + 1;
    if (used + cost < budget) {
      kept.push(item);
      used += cost;
    }
  }
  let result = { ...pack, items: kept };
  while (measure(result) >= budget && result.items.length > 0) result = { ...result, items: result.items.slice(0, -1) };
  // The count is part of what is counted: settle on the number whose JSON has that many tokens.
  let counted = { ...result, token_count: measure(result) };
  for (let i = 0; i < 3; i++) {
    const actual = countTokens(JSON.stringify(counted));
    if (actual === counted.token_count) break;
    counted = { ...counted, token_count: actual };
  }
  return counted;
}
