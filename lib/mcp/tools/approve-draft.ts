import { z } from "zod";
import { approveDraft as approve } from "@/lib/drafts/approve-draft";
import { MESSAGE_BODY_MAX } from "@/lib/limits";
import { draftId } from "../inputs";
import { defineTool } from "../tool";

export const approveDraft = defineTool({
  name: "approve_draft",
  title: "Approve a draft (optionally edited)",
  description:
    "Sends a bot's draft or held message, once, under the bot's name, approved by the person through their assistant " +
    "(the chat and the audit trail show it). Give `body` to send your edited text instead (edit-and-approve). The policy " +
    "is checked again and may still refuse. When a workspace rule asks several people, your approval is counted and " +
    "the item waits (`approvals`: given and required) until the last one approves; then it is sent. Show the person the exact text and get their go-ahead first: it cannot be unsent.",
  scope: "write",
  input: {
    draft_id: draftId,
    body: z
      .string()
      .trim()
      .min(1)
      .max(MESSAGE_BODY_MAX)
      .optional()
      .describe(`Edited text to send instead of the draft's (1 to ${MESSAGE_BODY_MAX} characters)`),
    content_digest: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional()
      .describe(
        "The item's content_digest as list_pending_approvals gave it with the text you showed the person: the approval " +
          "is refused (content_changed) if the item changed since. Recommended.",
      ),
  },
  ids: { draft_id: "draft" },
  untrusted: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  run: ({ actor }, { draft_id, body, content_digest }) =>
    approve(actor, { draftId: draft_id, body, seen: content_digest }),
});
