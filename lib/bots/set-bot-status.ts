import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireAdminOrSystem, type Actor } from "@/lib/people/actor";

export type BotStatus = "active" | "paused" | "stopped";

/**
 * Admins pause a bot (its messages are held for approval: `bot_paused`), stop it (everything it sends is blocked:
 * `bot_stopped`) or make it active again. The reason is kept and shown to whoever asks why.
 */
export async function setBotStatus(actor: Actor, botId: string, status: BotStatus, reason?: string) {
  if (!["active", "paused", "stopped"].includes(status)) throw new ApiError("invalid_body", "Bot status must be active, paused or stopped");
  const bot = await db().bot.findUnique({ where: { id: botId } });
  if (!bot) throw new ApiError("not_found", "Bot not found");
  await requireAdminOrSystem(db(), actor, bot.workspaceId);
  return db().$transaction(async (tx) => {
    const updated = await tx.bot.update({
      where: { id: botId },
      data: {
        status,
        statusReason: reason ?? null,
        statusChangedAt: new Date(),
        statusChangedBy: actor.type === "person" ? actor.userId : null,
      },
    });
    await recordAudit(tx, { workspaceId: bot.workspaceId, actor, action: `bot.${status}`, subjectType: "bot", subjectId: botId, data: { from: bot.status, reason: reason ?? null } });
    return { id: updated.id, handle: updated.handle, status: updated.status, status_reason: updated.statusReason };
  });
}
