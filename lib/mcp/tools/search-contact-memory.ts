import { z } from "zod";
import { requirePersonContact } from "@/lib/memory/person-contact-access";
import { searchContactFor } from "@/lib/memory/search-contact";
import { QUERY_MAX, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from "@/lib/schemas/search";
import { contactId, READ } from "../inputs";
import { defineTool } from "../tool";

export const searchContactMemory = defineTool({
  name: "search_contact_memory",
  title: "Search a contact's memory",
  description:
    "Searches what is known about a contact, by words and by meaning: the messages of the contact's conversations the " +
    "person can open, and the contact's confirmed facts. Each hit is cited (conversation, seq, excerpt).",
  scope: "read",
  input: {
    contact_id: contactId,
    query: z
      .string()
      .trim()
      .min(1)
      .max(QUERY_MAX)
      .describe("What to look for, in plain words; quotes, OR and -word work as in web search"),
    limit: z
      .number()
      .int()
      .min(1)
      .max(SEARCH_LIMIT_MAX)
      .optional()
      .describe(`Hits to return (default ${SEARCH_LIMIT_DEFAULT})`),
  },
  ids: { contact_id: "contact" },
  untrusted: true,
  annotations: READ,
  run: async ({ actor }, { contact_id, query, limit }) => ({
    hits: await searchContactFor(await requirePersonContact(actor, contact_id), { query, limit }),
  }),
});
