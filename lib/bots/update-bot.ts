import { db } from "@/lib/db/client";
import type { Bot } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Actor } from "@/lib/people/actor";
import { validateEventTypes } from "@/lib/webhooks/event-types";
import { validateWebhookUrl, type FieldWarning } from "@/lib/webhooks/validate-webhook-url";
import { warningText } from "@/lib/text/name-warnings";
import { botWarningsAmong, workspaceBotNames } from "./bot-name-warnings";
import { requireBotManager } from "./require-bot-manager";

interface UpdateBotOptions {
  botId: string;
  name?: string;
  /** null or empty removes it. */
  webhookUrl?: string | null;
  eventTypes?: string[];
}

/**
 * A bot's developer (or an admin of its workspace) changes its name, webhook URL (null or empty removes it) or
 * event subscriptions. Everything is checked before anything is written; only the fields that change are audited.
 * `warnings` says what was saved but will not work yet (a webhook URL whose name does not resolve, or resolves to
 * an address deliveries are refused: lib/webhooks/validate-webhook-url.ts), each time the URL is given;
 * `name_warnings` what people may mistake about a new name (lib/bots/bot-name-warnings.ts).
 */
export async function updateBot(actor: Actor, { botId, ...input }: UpdateBotOptions) {
  const bot = await requireBotManager(actor, { client: db(), botId: requireUuid(botId, "Bot") });

  const next: { name?: string; webhookUrl?: string | null; eventTypes?: string[] } = {};
  let warnings: FieldWarning[] = [];
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) throw new ApiError("invalid_body", "Bot name is required", { field: "name" });
    next.name = name;
  }
  if (input.webhookUrl !== undefined) {
    const url = input.webhookUrl?.trim();
    const checked = url ? await validateWebhookUrl(url) : null;
    next.webhookUrl = checked?.url ?? null;
    warnings = checked?.warnings ?? [];
  }
  if (input.eventTypes !== undefined) next.eventTypes = validateEventTypes(input.eventTypes);

  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (next.name !== undefined && next.name !== bot.name) changes.name = { from: bot.name, to: next.name };
  if (next.webhookUrl !== undefined && next.webhookUrl !== bot.webhookUrl)
    changes.webhook_url = { from: bot.webhookUrl, to: next.webhookUrl };
  if (next.eventTypes !== undefined && !sameSet(next.eventTypes, bot.eventTypes))
    changes.event_types = { from: bot.eventTypes, to: next.eventTypes };
  if (!Object.keys(changes).length) return { ...view(bot), changed: [] as string[], warnings, name_warnings: [] as string[] };
  // A new name is judged as a registration's is (issue 31): told right after saving, kept in the audit record.
  const nameWarnings = changes.name
    ? botWarningsAmong(
        { id: bot.id, name: next.name!, handle: bot.handle },
        (await workspaceBotNames([bot.workspaceId])).get(bot.workspaceId) ?? [],
      ).map(warningText)
    : [];

  return db().$transaction(async (tx) => {
    const updated = await tx.bot.update({
      where: { id: bot.id },
      data: {
        ...(changes.name ? { name: next.name } : {}),
        ...(changes.webhook_url ? { webhookUrl: next.webhookUrl } : {}),
        ...(changes.event_types ? { eventTypes: next.eventTypes } : {}),
      },
    });
    await recordAudit(tx, {
      workspaceId: bot.workspaceId,
      actor,
      action: "bot.updated",
      subjectType: "bot",
      subjectId: bot.id,
      data: nameWarnings.length ? { ...changes, name_warnings: nameWarnings } : changes,
    });
    return { ...view(updated), changed: Object.keys(changes), warnings, name_warnings: nameWarnings };
  });
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((value) => b.includes(value));

function view(bot: Pick<Bot, "id" | "handle" | "name" | "status" | "webhookUrl" | "eventTypes" | "workspaceId">) {
  return {
    id: bot.id,
    handle: bot.handle,
    name: bot.name,
    status: bot.status,
    webhook_url: bot.webhookUrl,
    event_types: bot.eventTypes,
    workspace_id: bot.workspaceId,
  };
}
