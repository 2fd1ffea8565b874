import { z } from "zod";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "@/lib/limits";

// Input pieces the tools share. Ids are UUIDs; what each names is checked against the token's workspace (tool.ts).

export const conversationId = z.uuid().describe("The conversation's id (from list_conversations)");
export const draftId = z
  .uuid()
  .describe("The draft's or held message's id (from list_pending_approvals or get_conversation)");
export const contactId = z.uuid().describe("The contact's id (from find_contacts, or get_conversation's contacts)");
export const factId = z.uuid().describe("The candidate fact's id (from list_pending_approvals)");
export const requestId = z.uuid().describe("The agent request's id (from list_pending_approvals)");
export const note = z
  .string()
  .trim()
  .max(500)
  .optional()
  .describe("Why, in a few words (optional; kept with the decision)");

export const limit = z
  .number()
  .int()
  .min(1)
  .max(PAGE_LIMIT_MAX)
  .optional()
  .describe(`At most this many (default ${PAGE_LIMIT_DEFAULT}, max ${PAGE_LIMIT_MAX})`);

export const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
