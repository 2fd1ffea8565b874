"use server";

import { approveAgentRequest, declineAgentRequest } from "@/lib/agents/approve-agent-request";
import type { ActionState } from "@/lib/forms/form-state";
import { run } from "@/app/(chat)/chat/_lib/run-action";

// The chat's agent requests actions (app/(chat)/chat/_lib/run-action.ts says how every chat action answers).

export async function decideAgentRequest(
  requestId: string,
  approve: boolean,
  path: string,
  state: ActionState,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    await (approve ? approveAgentRequest(actor, requestId) : declineAgentRequest(actor, requestId));
    return approve ? "Sent to the other bot" : "Declined";
  });
}
