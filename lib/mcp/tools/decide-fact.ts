import { z } from "zod";
import { confirmFact as confirm, rejectFact as reject } from "@/lib/memory/decide-fact";
import { serializeFact } from "@/lib/memory/fact-record";
import { factId } from "../inputs";
import { defineTool } from "../tool";

type FactModel = Awaited<ReturnType<typeof reject>>;
const view = (f: FactModel) =>
  serializeFact({
    id: f.id,
    contact_id: f.contactId,
    key: f.key,
    fact: f.fact,
    status: f.status,
    source_message_id: f.sourceMessageId,
    proposed_by_bot_id: f.proposedByBotId,
    confirmed_at: f.confirmedAt,
    created_at: f.createdAt,
  });

export const confirmFact = defineTool({
  name: "confirm_fact",
  title: "Confirm a proposed fact",
  description:
    "Confirms a fact a bot proposed about a contact: from then on bots get it in the contact's context pack. It replaces " +
    "the confirmed fact on the same key (returned as `superseded`) unless keep_others is true.",
  scope: "write",
  input: {
    fact_id: factId,
    keep_others: z
      .boolean()
      .optional()
      .describe("Keep the key's other confirmed facts too (the context pack then reports conflicting_facts)"),
  },
  ids: { fact_id: "fact" },
  untrusted: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  run: async ({ actor }, { fact_id, keep_others }) => {
    const { fact, superseded } = await confirm(actor, { factId: fact_id, keepOthers: keep_others });
    return { fact: view(fact), superseded };
  },
});

export const rejectFact = defineTool({
  name: "reject_fact",
  title: "Reject a proposed fact",
  description: "Rejects a fact a bot proposed about a contact: it never reaches a context pack. Final.",
  scope: "write",
  input: { fact_id: factId },
  ids: { fact_id: "fact" },
  untrusted: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  run: async ({ actor }, { fact_id }) => ({ fact: view(await reject(actor, fact_id)) }),
});
