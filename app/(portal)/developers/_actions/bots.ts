"use server";

import { createBot } from "@/lib/bots/create-bot";
import { issueApiKey, revokeApiKey } from "@/lib/bots/issue-api-key";
import { updateBot } from "@/lib/bots/update-bot";
import type {
  BotFormValues,
  IssuedKey,
  PingResult,
  RegisteredBot,
  RotatedSecret,
  SavedSettings,
} from "@/lib/forms/form-state";
import { ApiKeyForm, BotRegistrationForm, BotSettingsForm, SigningSecretRotationForm } from "@/lib/schemas/bots";
import { pingBot } from "@/lib/webhooks/ping-bot";
import { rotateSigningSecret } from "@/lib/webhooks/rotate-signing-secret";
import type { FormReader } from "@/app/_lib/form-text";
import { formAction } from "@/app/_lib/action";

// The bot pages' mutations: each reads its form, checks it against the resource's schema, calls one domain function
// as the signed-in person, and answers the form (app/_lib/action.ts). Permissions are the domain functions' business.

const botValues = (form: FormReader): BotFormValues => ({
  workspaceId: form.text("workspaceId"),
  handle: form.text("handle"),
  name: form.text("name"),
  webhookUrl: form.text("webhookUrl"),
  eventTypes: form.texts("eventTypes"),
});

const botPath = (botId: string) => `/developers/bots/${botId}`;

/** Registers a bot; its key and signing secret are shown once, in the answer (the page is not rendered again). */
export const registerBot = formAction(() => ({
  path: "/developers/bots/new",
  read: botValues,
  schema: BotRegistrationForm,
  fields: ["workspaceId", "handle", "name", "webhookUrl", "eventTypes"],
  refresh: false,
  run: async (actor, input, values) => {
    const created = await createBot(actor, input);
    const result: RegisteredBot = {
      botId: created.bot.id,
      handle: created.bot.handle,
      name: created.bot.name,
      apiKey: created.apiKey,
      signingSecret: created.signingSecret,
      warnings: created.warnings.map((warning) => warning.message),
      nameWarnings: created.nameWarnings,
    };
    return { values, result };
  },
}));

export const saveBotSettings = formAction((botId: string) => ({
  path: botPath(botId),
  read: botValues,
  schema: BotSettingsForm,
  fields: ["name", "webhookUrl", "eventTypes"],
  run: async (actor, input, values) => {
    const updated = await updateBot(actor, { botId, ...input });
    const result: SavedSettings = {
      changed: updated.changed,
      warnings: updated.warnings.map((warning) => warning.message),
    };
    return { values: { ...values, webhookUrl: updated.webhook_url ?? "", name: updated.name }, result };
  },
}));

export const issueKey = formAction((botId: string) => ({
  path: botPath(botId),
  read: (form) => ({ name: form.text("name"), scopes: form.texts("scopes") }),
  schema: ApiKeyForm,
  fields: ["name"],
  run: async (actor, { name, scopes }) => {
    const issued = await issueApiKey(actor, { botId, name, scopes });
    const result: IssuedKey = { key: issued.key, name: issued.name, prefix: issued.prefix };
    return { values: { name: "", scopes: [] }, result };
  },
}));

export const revokeKey = formAction((botId: string, keyId: string) => ({
  path: botPath(botId),
  run: async (actor) => {
    await revokeApiKey(actor, keyId);
  },
}));

export const rotateSecret = formAction((botId: string) => ({
  path: botPath(botId),
  read: (form) => ({ overlapMinutes: form.text("overlapMinutes") }),
  schema: SigningSecretRotationForm,
  fields: ["overlapMinutes"],
  run: async (actor, { overlapMinutes }, values) => {
    const rotated = await rotateSigningSecret(actor, { botId, overlapMinutes });
    const result: RotatedSecret = {
      signingSecret: rotated.signing_secret,
      previousExpiresAt: rotated.previous_expires_at,
    };
    return { values, result };
  },
}));

export const sendPing = formAction((botId: string) => ({
  path: botPath(botId),
  run: async (actor): Promise<{ result: PingResult }> => ({ result: await pingBot(actor, botId) }),
}));
