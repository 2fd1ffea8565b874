import { db } from "@/lib/db/client";
import { query, transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { recordAuditSql } from "@/lib/audit/record-audit";
import { seal } from "@/lib/crypto/secret-box";
import { newSigningSecret } from "@/lib/bots/create-bot";
import { requireBotManager } from "@/lib/bots/require-bot-manager";
import type { Actor } from "@/lib/people/actor";
import { requireStepUpToChange } from "@/lib/factors/step-up-gate";

const DEFAULT_OVERLAP_MINUTES = 24 * 60;
const MAX_OVERLAP_MINUTES = 30 * 24 * 60;

const LOCK_BOT = query("webhooks.lockBotForRotation", { text: "SELECT 1 AS one FROM bots WHERE id = $1 FOR UPDATE" });
/** $2 now. Newest first: the current secret, then older ones still signing. */
const LIVE_SECRETS = query("webhooks.liveSecrets", {
  text: `SELECT id FROM bot_signing_secrets WHERE bot_id = $1 AND (expires_at IS NULL OR expires_at > $2)
  ORDER BY created_at DESC`,
});
const END_SECRETS = query("webhooks.endSecrets", {
  text: "UPDATE bot_signing_secrets SET expires_at = $2 WHERE id = ANY ($1::uuid[])",
});
const INSERT_SECRET = query("webhooks.insertSecret", {
  text: "INSERT INTO bot_signing_secrets (bot_id, secret_encrypted) VALUES ($1, $2)",
});

export interface RotateSigningSecretOptions {
  botId: string;
  /** How long the previous secret keeps signing beside the new one (default DEFAULT_OVERLAP_MINUTES). */
  overlapMinutes?: number;
}

/**
 * A new signing secret, returned once. The current secret keeps signing beside it for `overlapMinutes` (0 ends it
 * at once), so the developer can deploy the new secret without failing a delivery. Older secrets end now: at most
 * two ever sign. Two steps: who may manage the bot is requireBotManager's read (Prisma, as for every bot setting);
 * the rotation takes the bot's row lock, so it is one SQL transaction (docs/decisions/005).
 */
export async function rotateSigningSecret(actor: Actor, { botId, ...options }: RotateSigningSecretOptions) {
  const overlap = options.overlapMinutes ?? DEFAULT_OVERLAP_MINUTES;
  if (!Number.isInteger(overlap) || overlap < 0 || overlap > MAX_OVERLAP_MINUTES) {
    throw new ApiError("invalid_body", `The overlap must be 0 to ${MAX_OVERLAP_MINUTES} whole minutes`, {
      field: "overlap_minutes",
    });
  }
  const bot = await requireBotManager(actor, { client: db(), botId });
  await requireStepUpToChange(actor, bot.workspaceId);
  const secret = newSigningSecret();
  const now = new Date();
  const previousExpiresAt = overlap > 0 ? new Date(now.getTime() + overlap * 60_000) : now;
  return transaction(async (tx) => {
    await tx.query(LOCK_BOT, [bot.id]); // one rotation at a time
    const [current, ...older] = await tx.query(LIVE_SECRETS, [botId, now]);
    if (current) await tx.query(END_SECRETS, [[current.id], previousExpiresAt]);
    if (older.length) await tx.query(END_SECRETS, [older.map((s) => s.id), now]);
    await tx.query(INSERT_SECRET, [botId, seal(secret)]);
    await recordAuditSql(tx, {
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
