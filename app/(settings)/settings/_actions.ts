"use server";

import { env } from "@/lib/env";
import type { CreatedToken, NotificationFormValues, TokenFormValues } from "@/lib/forms/form-state";
import { mcpClientConfigs, mcpUrl } from "@/lib/mcp/client-config";
import { updateNotificationSettings } from "@/lib/notifications/settings";
import { revokeOAuthGrant } from "@/lib/oauth/revoke-grant";
import { NotificationSettingsChange, notificationSettingsFromForm } from "@/lib/schemas/notifications";
import { PersonalTokenForm } from "@/lib/schemas/tokens";
import { createPersonalToken } from "@/lib/tokens/create-token";
import { revokePersonalToken } from "@/lib/tokens/revoke-token";
import { askForErasure, withdrawErasureRequest } from "@/lib/privacy/erasure-requests";
import { requestExport } from "@/lib/privacy/request-export";
import { formAction } from "@/app/_lib/action";

// The settings pages' mutations: each calls one domain function as the signed-in person (app/_lib/action.ts). A
// token comes back once, in the form's state, with the MCP client configuration filled in; only its hash is stored.

const PATH = "/settings/tokens";
const NOTIFICATIONS_PATH = "/settings/notifications";

export const createToken = formAction(() => ({
  path: PATH,
  read: (form): TokenFormValues => ({
    workspaceId: form.text("workspaceId"),
    name: form.text("name"),
    write: form.checked("write"),
  }),
  schema: PersonalTokenForm,
  fields: ["workspaceId", "name"],
  run: async (actor, { workspaceId, name, write }, values) => {
    const created = await createPersonalToken(actor, { workspaceId, name, scopes: write ? ["write"] : [] });
    const result: CreatedToken = {
      token: created.token,
      name: created.name,
      prefix: created.prefix,
      scopes: created.scopes,
      workspace: { slug: created.workspace.slug, name: created.workspace.name },
      configs: mcpClientConfigs(mcpUrl(env().APP_URL), created.token),
    };
    return { values: { ...values, name: "" }, result };
  },
}));

/** A revoke button's action: the revocation as the signed-in person, then the page again; a refusal in words. */
export const revokeToken = formAction((tokenId: string) => ({
  path: PATH,
  run: async (actor) => {
    await revokePersonalToken(actor, tokenId);
  },
}));

/** The person disconnects an assistant they connected by OAuth: its tokens are refused at once. */
export const revokeGrant = formAction((grantId: string) => ({
  path: PATH,
  run: async (actor) => {
    await revokeOAuthGrant(actor, grantId);
  },
}));

/** The person saves their notification settings for one workspace; a refusal keeps what was typed. */
export const saveNotificationSettings = formAction((workspaceId: string) => ({
  path: NOTIFICATIONS_PATH,
  read: (form): NotificationFormValues => ({
    channels: form.text("channels"),
    quietStart: form.text("quietStart"),
    quietEnd: form.text("quietEnd"),
    timeZone: form.text("timeZone"),
  }),
  // Checked here first too, so the person reads the one problem in words.
  schema: NotificationSettingsChange,
  schemaInput: notificationSettingsFromForm,
  // The domain is given the change as the form gives it: it parses it itself (its schema turns times into minutes).
  run: async (actor, _parsed, values) => {
    await updateNotificationSettings(actor, { workspaceId, change: notificationSettingsFromForm(values) });
    return { done: "Saved" };
  },
}));

/** A person asks for an export of their own data in one workspace (issue 38). */
export const exportMyData = formAction((workspaceId: string) => ({
  path: "/settings/data",
  run: async (actor) => {
    await requestExport(actor, { workspaceId, subjectType: "person", subjectId: actor.userId });
    return { done: "Export asked for" };
  },
}));

/** A person asks to be erased from a workspace (issue 38): its admins are told, and confirm or decline it. */
export const askToBeErased = formAction((workspaceId: string) => ({
  path: "/settings/data",
  run: async (actor) => {
    await askForErasure(actor, workspaceId);
    return { redirect: "/settings/data?done=asked" };
  },
}));

/** A person withdraws the request to be erased that waits. */
export const withdrawErasure = formAction((workspaceId: string) => ({
  path: "/settings/data",
  run: async (actor) => {
    await withdrawErasureRequest(actor, workspaceId);
    return { redirect: "/settings/data?done=withdrawn" };
  },
}));
