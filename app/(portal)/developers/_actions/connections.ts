"use server";

import { acceptConnection } from "@/lib/agents/accept-connection";
import { proposeConnection } from "@/lib/agents/propose-connection";
import { revokeConnection } from "@/lib/agents/revoke-connection";
import type { ConnectionFormValues, ProposedConnection } from "@/lib/forms/form-state";
import { ConnectionProposal } from "@/lib/schemas/agent-requests";
import { formAction } from "@/app/_lib/action";

// The Connections page's mutations: read the form, check it against the schema, call one domain function as the
// signed-in person (app/_lib/action.ts). Who may (workspace admins, both sides across workspaces) is the domain
// functions' business.

const PATH = "/developers/connections";

export const proposeConnectionAction = formAction(() => ({
  path: PATH,
  read: (form): ConnectionFormValues => ({
    botId: form.text("botId"),
    otherWorkspace: form.text("otherWorkspace"),
    otherHandle: form.text("otherHandle"),
    typesToOther: form.texts("typesToOther"),
    typesFromOther: form.texts("typesFromOther"),
    requiresApproval: form.checked("requiresApproval"),
  }),
  schema: ConnectionProposal,
  fields: ["botId", "otherWorkspace", "otherHandle", "typesToOther"],
  run: async (actor, proposal) => {
    const created = await proposeConnection(actor, proposal);
    const result: ProposedConnection = {
      id: created.id,
      state: created.state,
      other: `@${created.b.bot.handle}`,
      workspace: created.b.workspace.name,
    };
    return { result };
  },
}));

export const acceptConnectionAction = formAction((connectionId: string) => ({
  path: PATH,
  run: async (actor) => {
    await acceptConnection(actor, connectionId);
  },
}));

export const revokeConnectionAction = formAction((connectionId: string) => ({
  path: PATH,
  run: async (actor) => {
    await revokeConnection(actor, connectionId);
  },
}));
