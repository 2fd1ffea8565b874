import { approveAgentRequest as approve, declineAgentRequest as decline } from "@/lib/agents/approve-agent-request";
import { note, requestId } from "../inputs";
import { defineTool } from "../tool";

export const approveAgentRequest = defineTool({
  name: "approve_agent_request",
  title: "Let a bot's request to another bot through",
  description:
    "Lets a question one of this workspace's bots wants to ask another bot (possibly of another workspace) reach that bot. " +
    "Only an admin or the asking bot's developer may. Check the question with the person first: it leaves the workspace.",
  scope: "write",
  input: { request_id: requestId },
  ids: { request_id: "agent_request" },
  untrusted: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  run: ({ actor }, { request_id }) => approve(actor, { requestId: request_id }),
});

export const declineAgentRequest = defineTool({
  name: "decline_agent_request",
  title: "Decline a bot's request to another bot",
  description: "Declines a bot-to-bot request waiting for approval: it never reaches the other bot. Final.",
  scope: "write",
  input: { request_id: requestId, note },
  ids: { request_id: "agent_request" },
  untrusted: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  run: ({ actor }, { request_id, note }) => decline(actor, { requestId: request_id, note: note || undefined }),
});
