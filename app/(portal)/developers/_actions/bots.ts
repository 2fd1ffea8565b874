"use server";

import { refresh } from "next/cache";
import { currentActor } from "@/lib/auth/current-actor";
import { createBot } from "@/lib/bots/create-bot";
import { issueApiKey, revokeApiKey } from "@/lib/bots/issue-api-key";
import { updateBot } from "@/lib/bots/update-bot";
import { ApiKeyForm, BotRegistrationForm, BotSettingsForm, SigningSecretRotationForm } from "@/lib/schemas/bots";
import { pingBot } from "@/lib/webhooks/ping-bot";
import { rotateSigningSecret } from "@/lib/webhooks/rotate-signing-secret";
import type {
  BotFormValues,
  FormState,
  IssuedKey,
  PingResult,
  RegisteredBot,
  RotatedSecret,
  SavedSettings,
} from "@/lib/forms/form-state";
import { formText, formTexts } from "@/app/_lib/form-text";
import { invalidForm, refusedForm } from "../_lib/form-errors";

// The bot pages' mutations: each reads its form, checks it against the resource's schema, calls one domain function
// as the signed-in person, and answers the form. Permissions are the domain functions' business. Reading the form is
// inside each action's `try`: a text refused by the text rule is answered beside its field.

const botValues = (formData: FormData): BotFormValues => ({
  workspaceId: formText(formData, "workspaceId"),
  handle: formText(formData, "handle"),
  name: formText(formData, "name"),
  webhookUrl: formText(formData, "webhookUrl"),
  eventTypes: formTexts(formData, "eventTypes"),
});

export async function registerBot(
  state: FormState<BotFormValues, RegisteredBot>,
  formData: FormData,
): Promise<FormState<BotFormValues, RegisteredBot>> {
  const actor = await currentActor("/developers/bots/new");
  const n = state.n + 1;
  let values: BotFormValues | undefined;
  try {
    values = botValues(formData);
    const parsed = BotRegistrationForm.safeParse(values);
    if (!parsed.success) return invalidForm(n, values, parsed.error);
    const created = await createBot(actor, parsed.data);
    return {
      n,
      values,
      result: {
        botId: created.bot.id,
        handle: created.bot.handle,
        name: created.bot.name,
        apiKey: created.apiKey,
        signingSecret: created.signingSecret,
        warnings: created.warnings.map((warning) => warning.message),
        nameWarnings: created.nameWarnings,
      },
    };
  } catch (error) {
    return refusedForm(n, values, error, ["workspaceId", "handle", "name", "webhookUrl", "eventTypes"]);
  }
}

export async function saveBotSettings(
  botId: string,
  state: FormState<BotFormValues, SavedSettings>,
  formData: FormData,
): Promise<FormState<BotFormValues, SavedSettings>> {
  const actor = await currentActor(`/developers/bots/${botId}`);
  const n = state.n + 1;
  let values: BotFormValues | undefined;
  try {
    values = botValues(formData);
    const parsed = BotSettingsForm.safeParse(values);
    if (!parsed.success) return invalidForm(n, values, parsed.error);
    const updated = await updateBot(actor, botId, parsed.data);
    refresh();
    return {
      n,
      values: { ...values, webhookUrl: updated.webhook_url ?? "", name: updated.name },
      result: { changed: updated.changed, warnings: updated.warnings.map((warning) => warning.message) },
    };
  } catch (error) {
    return refusedForm(n, values, error, ["name", "webhookUrl", "eventTypes"]);
  }
}

export async function issueKey(
  botId: string,
  state: FormState<{ name: string }, IssuedKey>,
  formData: FormData,
): Promise<FormState<{ name: string }, IssuedKey>> {
  const actor = await currentActor(`/developers/bots/${botId}`);
  const n = state.n + 1;
  let values: { name: string } | undefined;
  try {
    values = { name: formText(formData, "name") };
    const parsed = ApiKeyForm.safeParse({ ...values, scopes: formTexts(formData, "scopes") });
    if (!parsed.success) return invalidForm(n, values, parsed.error);
    const issued = await issueApiKey(actor, botId, { name: parsed.data.name, scopes: parsed.data.scopes });
    refresh();
    return { n, values: { name: "" }, result: { key: issued.key, name: issued.name, prefix: issued.prefix } };
  } catch (error) {
    return refusedForm(n, values, error, ["name"]);
  }
}

export async function revokeKey(
  botId: string,
  keyId: string,
  state: FormState<Record<string, never>>,
): Promise<FormState<Record<string, never>>> {
  const actor = await currentActor(`/developers/bots/${botId}`);
  const n = state.n + 1;
  try {
    await revokeApiKey(actor, keyId);
    refresh();
    return { n };
  } catch (error) {
    return refusedForm(n, {}, error, []);
  }
}

export async function rotateSecret(
  botId: string,
  state: FormState<{ overlapMinutes: string }, RotatedSecret>,
  formData: FormData,
): Promise<FormState<{ overlapMinutes: string }, RotatedSecret>> {
  const actor = await currentActor(`/developers/bots/${botId}`);
  const n = state.n + 1;
  let values: { overlapMinutes: string } | undefined;
  try {
    values = { overlapMinutes: formText(formData, "overlapMinutes") };
    const parsed = SigningSecretRotationForm.safeParse(values);
    if (!parsed.success) return invalidForm(n, values, parsed.error);
    const rotated = await rotateSigningSecret(actor, botId, { overlapMinutes: parsed.data.overlapMinutes });
    refresh();
    return {
      n,
      values,
      result: { signingSecret: rotated.signing_secret, previousExpiresAt: rotated.previous_expires_at },
    };
  } catch (error) {
    return refusedForm(n, values, error, ["overlapMinutes"]);
  }
}

export async function sendPing(
  botId: string,
  state: FormState<Record<string, never>, PingResult>,
): Promise<FormState<Record<string, never>, PingResult>> {
  const actor = await currentActor(`/developers/bots/${botId}`);
  const n = state.n + 1;
  try {
    const result = await pingBot(actor, botId);
    refresh();
    return { n, result };
  } catch (error) {
    return refusedForm(n, {}, error, []);
  }
}
