import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { seal } from "@/lib/crypto/secret-box";
import { newSigningSecret } from "@/lib/bots/create-bot";
import { requireBotManager } from "@/lib/bots/require-bot-manager";
import type { Actor } from "@/lib/people/actor";

const DEFAULT_OVERLAP_MINUTES = 24 * 60;
const MAX_OVERLAP_MINUTES = 30 * 24 * 60;

/**
 * A new signing secret, returned once. The current secret keeps signing beside it for `overlapMinutes` (0 ends it
 * at once), so the developer can deploy the new secret without failing a delivery. Older secrets end now: at most
 * two ever sign.
 */
export async function rotateSigningSecret(actor: Actor, botId: string, options: { overlapMinutes?: number } = {}) {
  const overlap = options.overlapMinutes ?? DEFAULT_OVERLAP_MINUTES;
  if (!Number.isInteger(overlap) || overlap < 0 || overlap > MAX_OVERLAP_MINUTES) {
    throw new ApiError("invalid_body", `The overlap must be 0 to ${MAX_OVERLAP_MINUTES} whole minutes`, {
      field: "overlap_minutes",
    });
  }
  const bot = await requireBotManager(db(), actor, botId);
  const secret = newSigningSecret();
  const now = new Date();
  const previousExpiresAt = overlap > 0 ? new Date(now.getTime() + overlap * 60_000) : now;
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM bots WHERE id = ${bot.id}::uuid FOR UPDATE`; // one rotation at a time
    const live = await tx.botSigningSecret.findMany({
      where: { botId, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      orderBy: { createdAt: "desc" },
    });
    const [current, ...older] = live;
    if (current)
      await tx.botSigningSecret.update({ where: { id: current.id }, data: { expiresAt: previousExpiresAt } });
    if (older.length)
      await tx.botSigningSecret.updateMany({ where: { id: { in: older.map((s) => s.id) } }, data: { expiresAt: now } });
    await tx.botSigningSecret.create({ data: { botId, secretEncrypted: seal(secret) } });
    await recordAudit(tx, {
      workspaceId: bot.workspaceId,
      actor,
      action: "signing_secret.rotated",
      subjectType: "bot",
      subjectId: botId,
      data: { overlap_minutes: overlap },
    });
    return { signing_secret: secret, previous_expires_at: current ? previousExpiresAt.toISOString() : null };
  });
}
