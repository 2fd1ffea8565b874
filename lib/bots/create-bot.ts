import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { seal } from "@/lib/crypto/secret-box";
import { requireMember, type Actor } from "@/lib/people/actor";
import { validateWebhookUrl } from "@/lib/webhooks/validate-webhook-url";
import { validateEventTypes } from "@/lib/webhooks/event-types";
import { warningText } from "@/lib/text/name-warnings";
import { botWarningsAmong, workspaceBotNames } from "./bot-name-warnings";
import { issueApiKey } from "./issue-api-key";
import { POLICY_DEFAULTS } from "@/lib/policy/defaults";
import { requireStepUpToChange } from "@/lib/factors/step-up-gate";

const HANDLE = /^[a-z][a-z0-9_-]{2,31}$/;

/**
 * `whsec_` + 32 random bytes in standard base64, the form the Standard Webhooks and Svix libraries decode. Secrets
 * issued before decision 024 have a base64url tail; they keep signing both schemes (lib/webhooks/sign.ts).
 */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * Registers a bot with its first API key and webhook signing secret (both returned once). `established` starts the
 * bot past the new-bot hold (as if it had sent its first 50 messages): for bots moved from elsewhere, and demos.
 * `warnings` says what was saved but will not work yet (lib/webhooks/validate-webhook-url.ts); `nameWarnings` what
 * people may mistake about its name (lib/bots/bot-name-warnings.ts).
 */
export async function createBot(
  actor: Actor,
  input: {
    workspaceId: string;
    handle: string;
    name: string;
    webhookUrl?: string | null;
    eventTypes?: string[];
    established?: boolean;
  },
) {
  // Any member may register a bot; it can do nothing until a participant authorizes it (require-bot-manager.ts).
  if (actor.type === "person") await requireMember(actor, { client: db(), workspaceId: input.workspaceId });
  // Its first key is a bot key like any: asked for before anything is written (issueApiKey asks again, in the tx).
  await requireStepUpToChange(actor, input.workspaceId);
  const handle = input.handle.trim().toLowerCase();
  if (!HANDLE.test(handle))
    throw new ApiError("invalid_body", "Bot handle must be 3-32 characters: a letter, then letters, digits, - or _", {
      field: "handle",
    });
  if (!input.name.trim()) throw new ApiError("invalid_body", "Bot name is required", { field: "name" });
  const checked = input.webhookUrl ? await validateWebhookUrl(input.webhookUrl) : null;
  const eventTypes = input.eventTypes ? validateEventTypes(input.eventTypes) : undefined;
  if (await db().bot.findUnique({ where: { handle } }))
    throw new ApiError("conflict", `Bot handle @${handle} is taken`, { field: "handle" });
  // Judged, never refused (issue 31): the person registering reads them right after saving, and the audit keeps them.
  const name = input.name.trim();
  const nameWarnings = botWarningsAmong(
    { name, handle },
    (await workspaceBotNames([input.workspaceId])).get(input.workspaceId) ?? [],
  );

  const signingSecret = newSigningSecret();
  return db().$transaction(async (tx) => {
    const settings = await tx.workspaceSettings.findUnique({ where: { workspaceId: input.workspaceId } });
    const bot = await tx.bot.create({
      data: {
        workspaceId: input.workspaceId,
        handle,
        name,
        webhookUrl: checked?.url ?? null,
        eventTypes,
        trustedMessageCount: input.established ? (settings?.newBotThreshold ?? POLICY_DEFAULTS.newBotThreshold) : 0,
        createdByUserId: actor.type === "person" ? actor.userId : null,
      },
    });
    await tx.botSigningSecret.create({ data: { botId: bot.id, secretEncrypted: seal(signingSecret) } });
    await recordAudit(tx, {
      workspaceId: bot.workspaceId,
      actor,
      action: "bot.created",
      subjectType: "bot",
      subjectId: bot.id,
      data: { handle, ...(nameWarnings.length ? { name_warnings: nameWarnings.map(warningText) } : {}) },
    });
    const key = await issueApiKey(actor, { botId: bot.id, client: tx });
    return { bot, apiKey: key.key, apiKeyId: key.id, signingSecret, warnings: checked?.warnings ?? [], nameWarnings };
  });
}
