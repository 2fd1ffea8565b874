import { db } from "@/lib/db/client";
import type { Bot } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAuditSql } from "@/lib/audit/record-audit";
import { query, transaction } from "@/lib/db/sql";
import { enqueueNotification } from "@/lib/notifications/enqueue";
import { requireAdminOrSystem, type Actor } from "@/lib/people/actor";

export const BOT_STATUSES = ["active", "paused", "stopped"] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

const SET_STATUS = query("bots.setStatus", {
  text: `UPDATE bots SET status = $2, status_reason = $3, status_changed_at = now(), status_changed_by = $4
    WHERE id = $1
    RETURNING id, handle, status, status_reason, status_changed_at`,
  notNull: ["status_changed_at"], // the statement sets it
});

interface SetBotStatusOptions {
  botId: string;
  status: BotStatus;
  /** Why it is paused or stopped, kept with the status (none when it is made active). */
  reason?: string;
}

/**
 * Admins pause a bot (its messages are held for approval: `bot_paused`), stop it (everything it sends is blocked:
 * `bot_stopped`) or make it active again. The reason is kept so whoever asks why a message waits can be told.
 */
export async function setBotStatus(actor: Actor, { botId, status, reason }: SetBotStatusOptions) {
  if (!BOT_STATUSES.includes(status)) throw new ApiError("invalid_body", "Bot status must be active, paused or stopped");
  const bot = await db().bot.findUnique({ where: { id: requireUuid(botId, "Bot") } });
  if (!bot) throw new ApiError("not_found", "Bot not found");
  await requireAdminOrSystem(actor, { client: db(), workspaceId: bot.workspaceId, notFound: "Bot not found" });
  const statusReason = status === "active" ? null : reason?.trim() || null;
  if (bot.status === status && bot.statusReason === statusReason) return { ...view(bot), changed: false };
  // SQL, as it enqueues a job when the bot is paused or stopped (docs/decisions/005).
  return transaction(async (tx) => {
    const changedBy = actor.type === "person" ? actor.userId : null;
    const [row] = await tx.query(SET_STATUS, [bot.id, status, statusReason, changedBy]);
    const updated = {
      id: row!.id,
      handle: row!.handle,
      status: row!.status,
      statusReason: row!.status_reason,
      statusChangedAt: row!.status_changed_at,
    };
    await recordAuditSql(tx, {
      workspaceId: bot.workspaceId,
      actor,
      action: `bot.${status}`,
      subjectType: "bot",
      subjectId: bot.id,
      data: { from: bot.status, reason: statusReason },
    });
    // A bot paused or stopped: the people answerable for it are told, but not the admin who did it.
    if (status !== "active") {
      await enqueueNotification(tx, {
        event: "bot_status",
        id: bot.id,
        status,
        actor: changedBy,
        at: updated.statusChangedAt.toISOString(),
      });
    }
    return { ...view(updated), changed: true };
  });
}

function view(bot: Pick<Bot, "id" | "handle" | "status" | "statusReason" | "statusChangedAt">) {
  return {
    id: bot.id,
    handle: bot.handle,
    status: bot.status,
    status_reason: bot.statusReason,
    status_changed_at: bot.statusChangedAt?.toISOString() ?? null,
  };
}
