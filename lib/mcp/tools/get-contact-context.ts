import { z } from "zod";
import { contextPackFor } from "@/lib/memory/context-pack";
import { requirePersonContact } from "@/lib/memory/person-contact-access";
import { contactId, READ } from "../inputs";
import { defineTool } from "../tool";

export const getContactContext = defineTool({
  name: "get_contact_context",
  title: "Get a contact's context pack",
  description:
    "What people confirmed about a contact, as the bots get it: confirmed facts, most recent first, each cited, within a " +
    "token budget (full: under 1500 tokens, compact: under 500), with a status (ready, insufficient_evidence, " +
    "conflicting_facts, stale_sources).",
  scope: "read",
  input: {
    contact_id: contactId,
    format: z.enum(["full", "compact"]).optional().describe("full (default) or compact"),
  },
  ids: { contact_id: "contact" },
  untrusted: true,
  annotations: READ,
  run: async ({ actor }, { contact_id, format }) =>
    contextPackFor(await requirePersonContact(actor, contact_id), { format: format ?? "full" }),
});
