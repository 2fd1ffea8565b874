import { z } from "zod";
import { listPersonConversations } from "@/lib/chat/list-conversations";
import { READ, limit } from "../inputs";
import { defineTool } from "../tool";
import { PAGE_LIMIT_DEFAULT } from "@/lib/limits";

export const listConversations = defineTool({
  name: "list_conversations",
  title: "List conversations",
  description:
    "The person's conversations in this workspace, newest activity first, as in their chat: title, a preview of the last " +
    "message, unread count, how many bot drafts wait for approval there, and whether a person took it over.",
  scope: "read",
  input: {
    unread_only: z.boolean().optional().describe("Only conversations with messages the person has not read"),
    limit,
  },
  untrusted: true,
  annotations: READ,
  run: async ({ actor, workspaceId }, { unread_only, limit }) => {
    const all = await listPersonConversations(actor, workspaceId);
    const shown = unread_only ? all.filter((c) => c.unread_count > 0) : all;
    return { conversations: shown.slice(0, limit ?? PAGE_LIMIT_DEFAULT), total: shown.length };
  },
});
