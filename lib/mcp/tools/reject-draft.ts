import { rejectDraft as reject } from "@/lib/drafts/approve-draft";
import { draftId, note } from "../inputs";
import { defineTool } from "../tool";

export const rejectDraft = defineTool({
  name: "reject_draft",
  title: "Reject a draft",
  description:
    "Rejects a bot's draft or held message: it is never sent, its follow-up is cancelled, and the bot is told. Final: a " +
    "rejected draft cannot be approved later.",
  scope: "write",
  input: { draft_id: draftId, note },
  ids: { draft_id: "draft" },
  untrusted: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  run: ({ actor }, { draft_id, note }) => reject(actor, { draftId: draft_id, note: note || undefined }),
});
