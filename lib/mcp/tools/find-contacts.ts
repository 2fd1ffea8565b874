import { z } from "zod";
import { findContacts as find } from "@/lib/contacts/find-contacts";
import { READ } from "../inputs";
import { defineTool } from "../tool";

export const findContacts = defineTool({
  name: "find_contacts",
  title: "Find contacts",
  description:
    "The workspace's contacts (the people outside it that conversations are with) whose name, email or phone contains " +
    "the query, names that start with it first; with no query, the most recently talked with. Each has its id (for " +
    "get_contact_context, search_contact_memory and the contact tools), a detail (email, else phone), do_not_contact " +
    "and sensitivity.",
  scope: "read",
  input: {
    query: z.string().max(100).optional().describe("A part of a name, email or phone (empty: the most recent)"),
    limit: z.number().int().min(1).max(50).optional().describe("At most this many (default 8, at most 50)"),
  },
  // Names and emails are typed by people: data, not instructions.
  untrusted: true,
  annotations: READ,
  run: async ({ actor, workspaceId }, { query, limit }) => ({
    contacts: await find(actor, { workspaceId, query: query ?? "", limit }),
  }),
});
