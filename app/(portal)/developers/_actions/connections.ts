"use server";

import { refresh } from "next/cache";
import { currentActor } from "@/lib/auth/current-actor";
import { acceptConnection } from "@/lib/agents/accept-connection";
import { proposeConnection } from "@/lib/agents/propose-connection";
import { revokeConnection } from "@/lib/agents/revoke-connection";
import { ConnectionProposal } from "@/lib/schemas/agent-requests";
import type { ConnectionFormValues, FormState, ProposedConnection } from "@/lib/forms/form-state";
import { formText, formTexts } from "@/app/_lib/form-text";
import { invalidForm, refusedForm } from "../_lib/form-errors";

// The Connections page's mutations: read the form, check it against the schema, call one domain function as the
// signed-in person. Who may (workspace admins, both sides across workspaces) is the domain functions' business.

const PATH = "/developers/connections";

export async function proposeConnectionAction(
  state: FormState<ConnectionFormValues, ProposedConnection>,
  formData: FormData,
): Promise<FormState<ConnectionFormValues, ProposedConnection>> {
  const actor = await currentActor(PATH);
  const n = state.n + 1;
  let values: ConnectionFormValues | undefined;
  try {
    values = {
      botId: formText(formData, "botId"),
      otherWorkspace: formText(formData, "otherWorkspace"),
      otherHandle: formText(formData, "otherHandle"),
      typesToOther: formTexts(formData, "typesToOther"),
      typesFromOther: formTexts(formData, "typesFromOther"),
      requiresApproval: formData.get("requiresApproval") === "on",
    };
    const parsed = ConnectionProposal.safeParse(values);
    if (!parsed.success) return invalidForm(n, values, parsed.error);
    const created = await proposeConnection(actor, parsed.data);
    refresh();
    return {
      n,
      result: {
        id: created.id,
        state: created.state,
        other: `@${created.b.bot.handle}`,
        workspace: created.b.workspace.name,
      },
    };
  } catch (error) {
    return refusedForm(n, values, error, ["botId", "otherWorkspace", "otherHandle"]);
  }
}

export async function acceptConnectionAction(
  connectionId: string,
  state: FormState<Record<string, never>>,
): Promise<FormState<Record<string, never>>> {
  const actor = await currentActor(PATH);
  try {
    await acceptConnection(actor, connectionId);
    refresh();
    return { n: state.n + 1 };
  } catch (error) {
    return refusedForm(state.n + 1, {}, error, []);
  }
}

export async function revokeConnectionAction(
  connectionId: string,
  state: FormState<Record<string, never>>,
): Promise<FormState<Record<string, never>>> {
  const actor = await currentActor(PATH);
  try {
    await revokeConnection(actor, connectionId);
    refresh();
    return { n: state.n + 1 };
  } catch (error) {
    return refusedForm(state.n + 1, {}, error, []);
  }
}
