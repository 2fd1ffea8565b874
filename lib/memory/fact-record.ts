import type { RowOf } from "@/lib/db/sql";

// The Fact resource (docs/api-contract.md#fact), from a row of `contact_facts` read through node-postgres.

export const FACT_COLUMNS = `id, contact_id, key, fact, status, source_message_id, proposed_by_bot_id,
  confirmed_at, created_at`;

/** A fact as FACT_COLUMNS reads it (facts.insert, memory.insertLegacy and memory.readLegacy return it). */
export type FactRow = RowOf<"facts.insert">;

export function serializeFact(row: FactRow) {
  return {
    id: row.id,
    contact_id: row.contact_id,
    key: row.key,
    fact: row.fact,
    status: row.status,
    source_message_id: row.source_message_id,
    proposed_by_bot_id: row.proposed_by_bot_id,
    confirmed_at: row.confirmed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** Keys in this group record consent (opt-outs, permissions): people decide those, never bots. */
export const CONSENT_GROUP = "consent";
