"use server";

import { refresh } from "next/cache";
import { currentActor } from "@/lib/auth/current-actor";
import type { PersonActor } from "@/lib/people/actor";
import { env } from "@/lib/env";
import { mcpClientConfigs, mcpUrl } from "@/lib/mcp/client-config";
import { PersonalTokenForm } from "@/lib/schemas/tokens";
import { createPersonalToken } from "@/lib/tokens/create-token";
import { revokePersonalToken } from "@/lib/tokens/revoke-token";
import { revokeOAuthGrant } from "@/lib/oauth/revoke-grant";
import type {
  CreatedToken,
  FormState,
  NotificationFormState,
  NotificationFormValues,
  TokenFormValues,
} from "@/lib/forms/form-state";
import { updateNotificationSettings } from "@/lib/notifications/settings";
import { NotificationSettingsChange, notificationSettingsFromForm } from "@/lib/schemas/notifications";
import { formText } from "@/app/_lib/form-text";
import { invalidForm, refusedForm } from "@/app/(portal)/developers/_lib/form-errors";

// The settings pages' mutations: each calls one domain function as the signed-in person. A token comes back once,
// in the form's state, with the MCP client configuration filled in; only its hash is stored.

const PATH = "/settings/tokens";
const NOTIFICATIONS_PATH = "/settings/notifications";

export async function createToken(
  state: FormState<TokenFormValues, CreatedToken>,
  formData: FormData,
): Promise<FormState<TokenFormValues, CreatedToken>> {
  const actor = await currentActor(PATH);
  const n = state.n + 1;
  let values: TokenFormValues | undefined;
  try {
    values = {
      workspaceId: formText(formData, "workspaceId"),
      name: formText(formData, "name"),
      write: formData.get("write") === "on",
    };
    const parsed = PersonalTokenForm.safeParse(values);
    if (!parsed.success) return invalidForm(n, values, parsed.error);
    const created = await createPersonalToken(actor, {
      workspaceId: parsed.data.workspaceId,
      name: parsed.data.name,
      scopes: parsed.data.write ? ["write"] : [],
    });
    refresh();
    return {
      n,
      values: { ...values, name: "" },
      result: {
        token: created.token,
        name: created.name,
        prefix: created.prefix,
        scopes: created.scopes,
        workspace: { slug: created.workspace.slug, name: created.workspace.name },
        configs: mcpClientConfigs(mcpUrl(env().APP_URL), created.token),
      },
    };
  } catch (error) {
    return refusedForm(n, values, error, ["workspaceId", "name"]);
  }
}

export async function revokeToken(tokenId: string, state: RevokeState): Promise<RevokeState> {
  return revoking(state, (actor) => revokePersonalToken(actor, tokenId));
}

/** The person disconnects an assistant they connected by OAuth: its tokens are refused at once. */
export async function revokeGrant(grantId: string, state: RevokeState): Promise<RevokeState> {
  return revoking(state, (actor) => revokeOAuthGrant(actor, grantId));
}

type RevokeState = FormState<Record<string, never>>;

/** A revoke button's action: the revocation as the signed-in person, then the page again; a refusal in words. */
async function revoking(state: RevokeState, revoke: (actor: PersonActor) => Promise<unknown>): Promise<RevokeState> {
  const actor = await currentActor(PATH);
  const n = state.n + 1;
  try {
    await revoke(actor);
    refresh();
    return { n };
  } catch (error) {
    return refusedForm(n, {}, error, []);
  }
}

/** The person saves their notification settings for one workspace; a refusal keeps what was typed. */
export async function saveNotificationSettings(
  workspaceId: string,
  state: NotificationFormState,
  formData: FormData,
): Promise<NotificationFormState> {
  const actor = await currentActor(NOTIFICATIONS_PATH);
  const n = state.n + 1;
  let values: NotificationFormValues | undefined;
  try {
    values = {
      channels: formText(formData, "channels"),
      quietStart: formText(formData, "quietStart"),
      quietEnd: formText(formData, "quietEnd"),
      timeZone: formText(formData, "timeZone"),
    };
    const change = notificationSettingsFromForm(values);
    // Checked here first too, so the person reads the one problem in words.
    const parsed = NotificationSettingsChange.safeParse(change);
    if (!parsed.success) return { n, values, error: parsed.error.issues[0]!.message };
    await updateNotificationSettings(actor, workspaceId, change);
    refresh();
    return { n, done: "Saved" };
  } catch (error) {
    return refusedForm(n, values, error, []);
  }
}
