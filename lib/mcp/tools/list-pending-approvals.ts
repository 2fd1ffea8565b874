import { listPendingAgentRequests } from "@/lib/agents/list-pending-agent-requests";
import { listPendingApprovals as pendingDrafts } from "@/lib/drafts/list-pending-approvals";
import { listCandidateFacts } from "@/lib/memory/list-candidate-facts";
import { READ } from "../inputs";
import { defineTool } from "../tool";

export const listPendingApprovals = defineTool({
  name: "list_pending_approvals",
  title: "List what waits for approval",
  description:
    "Everything in this workspace that waits for the person, oldest first, as in their chat's Approvals: bot drafts and " +
    "held messages (origin draft or held_message, with the policy reasons it was held), requests the workspace's bots " +
    "want to send to other bots, and facts bots proposed about contacts. Decide them with approve_draft / reject_draft, " +
    "approve_agent_request / decline_agent_request, confirm_fact / reject_fact.",
  scope: "read",
  input: {},
  untrusted: true,
  annotations: READ,
  run: async ({ actor, workspaceId }) => {
    const [drafts, agentRequests, candidateFacts] = await Promise.all([
      pendingDrafts(actor, { workspaceId }),
      listPendingAgentRequests(actor, { workspaceId }),
      listCandidateFacts(actor, workspaceId),
    ]);
    return {
      drafts,
      agent_requests: agentRequests,
      candidate_facts: candidateFacts,
      total: drafts.length + agentRequests.length + candidateFacts.length,
    };
  },
});
