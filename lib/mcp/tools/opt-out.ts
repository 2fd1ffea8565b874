import { z } from "zod";
import { optOut as recordOptOut } from "@/lib/consent/set-opt-out";
import { conversationId } from "../inputs";
import { defineTool } from "../tool";

export const optOut = defineTool({
  name: "opt_out",
  title: "Opt the person out of bot messages",
  description:
    "Stops bots from messaging the person in this conversation (or, with everywhere, in every conversation of the " +
    "workspace), like sending STOP. Bots then get 409 opted_out. The person opts back in by posting START there.",
  scope: "write",
  input: {
    conversation_id: conversationId,
    everywhere: z.boolean().optional().describe("Every conversation of the workspace, not just this one"),
  },
  ids: { conversation_id: "conversation" },
  untrusted: false,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: ({ actor }, { conversation_id, everywhere }) =>
    recordOptOut(actor, { conversationId: conversation_id, everywhere }),
});
