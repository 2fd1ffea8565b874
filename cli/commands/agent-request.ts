import { approveAgentRequest, declineAgentRequest } from "@/lib/agents/approve-agent-request";
import { listPendingAgentRequests } from "@/lib/agents/list-pending-agent-requests";
import { id, S, str, type Command } from "./command";
import { requirePerson, workspaceBySlug } from "./resolve";

// Agent requests that wait for a person of the asking side (the chat's approvals inbox, at the command line).
export const agentRequestCommands: Record<string, Command> = {
  "agent-request approve": {
    usage: "agent-request approve ID --as EMAIL",
    flags: { as: S },
    run: async (args) =>
      approveAgentRequest(await requirePerson(str(args, "as")), {
        requestId: id(args.positionals[0], "the agent request ID"),
      }),
  },
  "agent-request decline": {
    usage: "agent-request decline ID [--note TEXT] --as EMAIL",
    flags: { note: S, as: S },
    run: async (args) =>
      declineAgentRequest(await requirePerson(str(args, "as")), {
        requestId: id(args.positionals[0], "the agent request ID"),
        note: str(args, "note"),
      }),
  },
  "agent-request pending": {
    usage: "agent-request pending --workspace SLUG --as EMAIL",
    flags: { workspace: S, as: S },
    run: async (args) => {
      const actor = await requirePerson(str(args, "as"));
      const ws = await workspaceBySlug(str(args, "workspace"));
      return { data: await listPendingAgentRequests(actor, { workspaceId: ws.id }) };
    },
  },
};
