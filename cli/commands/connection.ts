import { acceptConnection } from "@/lib/agents/accept-connection";
import { listConnections } from "@/lib/agents/list-connections";
import { proposeConnection } from "@/lib/agents/propose-connection";
import { revokeConnection } from "@/lib/agents/revoke-connection";
import { AGENT_REQUEST_TYPES, type AgentRequestType } from "@/lib/schemas/agent-requests";
import { B, bool, id, required, S, str, UsageError, type Args, type Command } from "./command";
import { botByHandle, requirePerson, workspaceBySlug } from "./resolve";

// Trusted connections between bots (docs/guides/bot-developers.md "Agent requests"): workspace admins propose, accept,
// revoke and list them, always as a person (--as EMAIL): a connection is people's trust, so the operator cannot stand
// in for them.

function types(args: Args, flag: string): AgentRequestType[] {
  const given = str(args, flag);
  if (given === undefined || given.trim() === "") return [];
  const values = given
    .split(",")
    .map((type) => type.trim())
    .filter(Boolean);
  const unknown = values.filter((type) => !(AGENT_REQUEST_TYPES as readonly string[]).includes(type));
  if (unknown.length)
    throw new UsageError(`--${flag}: unknown type(s) ${unknown.join(", ")}; known: ${AGENT_REQUEST_TYPES.join(", ")}`);
  return values as AgentRequestType[];
}

export const connectionCommands: Record<string, Command> = {
  "connection propose": {
    usage:
      "connection propose --bot HANDLE --to HANDLE --to-workspace SLUG [--outgoing T1,T2] [--incoming T1,T2] [--requires-approval] --as EMAIL" +
      `  (types: ${AGENT_REQUEST_TYPES.join(", ")})`,
    flags: { bot: S, to: S, "to-workspace": S, outgoing: S, incoming: S, "requires-approval": B, as: S },
    run: async (args) => {
      const actor = await requirePerson(str(args, "as"));
      const own = await botByHandle(str(args, "bot"), "--bot HANDLE");
      const typesToOther = types(args, "outgoing");
      const typesFromOther = types(args, "incoming");
      if (!typesToOther.length && !typesFromOther.length)
        throw new UsageError("give --outgoing or --incoming types (or both)");
      return proposeConnection(actor, {
        botId: own.id,
        otherWorkspace: required(str(args, "to-workspace"), "--to-workspace SLUG"),
        otherHandle: required(str(args, "to"), "--to HANDLE"),
        typesToOther,
        typesFromOther,
        requiresApproval: bool(args, "requires-approval"),
      });
    },
  },
  "connection accept": {
    usage: "connection accept ID --as EMAIL",
    flags: { as: S },
    run: async (args) =>
      acceptConnection(await requirePerson(str(args, "as")), id(args.positionals[0], "the connection ID")),
  },
  "connection revoke": {
    usage: "connection revoke ID --as EMAIL",
    flags: { as: S },
    run: async (args) =>
      revokeConnection(await requirePerson(str(args, "as")), id(args.positionals[0], "the connection ID")),
  },
  "connection list": {
    usage: "connection list [--workspace SLUG] --as EMAIL",
    flags: { workspace: S, as: S },
    run: async (args) => {
      const actor = await requirePerson(str(args, "as"));
      const workspace = str(args, "workspace") ? await workspaceBySlug(str(args, "workspace")) : null;
      return { data: await listConnections(actor, workspace ? { workspaceId: workspace.id } : {}) };
    },
  },
};
