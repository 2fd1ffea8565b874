import { describe, expect, it } from "vitest";
import { sql } from "@/lib/db/sql";

// The word search (lib/memory/search-contact.ts, search.wordMatches) asks for the messages of the contact's
// conversations containing the words. Its index holds both, so a common word is looked up within those conversations
// in one scan, not by ANDing every message in the database that contains it with the conversations' rows
// (bench/RESULTS.md, Scale: 71,432 matches of 1,000,000 for one query, 34 ms against 4). On a test's few rows the
// planner rightly prefers the conversation's btree, so this checks the index itself.
describe("the messages' full-text index", () => {
  it("is one GIN index on (conversation_id, the english tsvector of body), and the only full-text one", async () => {
    const rows = await sql().unchecked<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'messages' AND indexdef LIKE '%to_tsvector%'",
    );
    expect(rows.map((r) => r.indexdef)).toEqual([
      "CREATE INDEX messages_conversation_id_body_fts_idx ON public.messages USING gin (conversation_id, to_tsvector('english'::regconfig, body))",
    ]);
  });
});
