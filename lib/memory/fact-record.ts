// The Fact resource (docs/api-contract.md#fact), from a row of `contact_facts` read through node-postgres.

export const FACT_COLUMNS = `id, contact_id, key, fact, status, source_message_id, proposed_by_bot_id,
  confirmed_at, created_at`;

export interface FactRow {
  id: string;
  contact_id: string;
  key: string;
  fact: string;
  status: "candidate" | "confirmed" | "rejected" | "superseded" | "retired";
  source_message_id: string | null;
  proposed_by_bot_id: string | null;
  confirmed_at: Date | null;
  created_at: Date;
}

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
