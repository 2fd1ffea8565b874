"use server";

import { approveAgentRequest, declineAgentRequest } from "@/lib/agents/approve-agent-request";
import { formAction } from "@/app/_lib/action";

// The chat's agent requests actions (app/_lib/action.ts says how every action answers).

export const decideAgentRequest = formAction((requestId: string, approve: boolean, path: string) => ({
  path,
  run: async (actor) => {
    await (approve ? approveAgentRequest(actor, { requestId }) : declineAgentRequest(actor, { requestId }));
    return { done: approve ? "Sent to the other bot" : "Declined" };
  },
}));
