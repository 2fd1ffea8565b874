import type { Db, Tx } from "@/lib/db/client";
import { db } from "@/lib/db/client";
import { query, transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { recordAudit, recordAuditSql } from "@/lib/audit/record-audit";
import { generateApiKey } from "@/lib/keys/api-key";
import { API_KEY_CHANNEL, forgetPrincipal } from "./api-key-cache";
import type { Actor } from "@/lib/people/actor";
import { requireBotManager } from "./require-bot-manager";
import { requireStepUpToChange } from "@/lib/factors/step-up-gate";

export const API_KEY_SCOPES = ["memory:sensitive"] as const;

export interface IssueApiKeyOptions {
  botId: string;
  /** The key's name; default `default`. */
  name?: string;
  /** Of API_KEY_SCOPES; default none. */
  scopes?: string[];
  /** The caller's transaction (a new bot's first key); default: the pool. */
  client?: Db | Tx;
}

/** Issues a key for a bot. The key is returned once, here; only its hash is kept. Several keys may be active. */
export async function issueApiKey(actor: Actor, { botId, name, scopes: given, client = db() }: IssueApiKeyOptions) {
  const bot = await requireBotManager(actor, { client, botId });
  await requireStepUpToChange(actor, bot.workspaceId);
  const scopes = given ?? [];
  const unknown = scopes.filter((scope) => !(API_KEY_SCOPES as readonly string[]).includes(scope));
  if (unknown.length) throw new ApiError("invalid_body", `Unknown scope(s): ${unknown.join(", ")}; known: ${API_KEY_SCOPES.join(", ")}`);
  const { key, prefix, hash } = generateApiKey();
  const record = await client.apiKey.create({
    data: {
      botId,
      name: name ?? "default",
      prefix,
      keyHash: hash,
      scopes,
      createdByUserId: actor.type === "person" ? actor.userId : null,
    },
  });
  await recordAudit(client, { workspaceId: bot.workspaceId, actor, action: "api_key.issued", subjectType: "api_key", subjectId: record.id, data: { bot_id: botId, prefix } });
  return { id: record.id, key, prefix, name: record.name, scopes, created_at: record.createdAt.toISOString() };
}

const REVOKE_KEY = query("bots.revokeKey", {
  text: "UPDATE api_keys SET revoked_at = $2 WHERE id = $1 RETURNING id, prefix, revoked_at",
  notNull: ["revoked_at"], // set here
});
const NOTIFY = query("bots.notifyKeyRevoked", { text: "SELECT pg_notify($1, $2)" });

/**
 * Revocation takes effect at once: the next request with the key is 401. Two steps: the key and who may manage its
 * bot are read as every key's and bot's are (Prisma, requireBotManager); the revocation then tells every process in
 * the same transaction (NOTIFY), which is SQL (docs/decisions/005).
 */
export async function revokeApiKey(actor: Actor, keyId: string) {
  const record = await db().apiKey.findUnique({ where: { id: keyId } });
  if (!record) throw new ApiError("not_found", "API key not found");
  const bot = await requireBotManager(actor, { client: db(), botId: record.botId });
  await requireStepUpToChange(actor, bot.workspaceId);
  const revoked = await transaction(async (tx) => {
    const [updated] = await tx.query(REVOKE_KEY, [keyId, record.revokedAt ?? new Date()]);
    // Every process that cached the key forgets it when this commits (lib/bots/api-key-cache.ts).
    await tx.query(NOTIFY, [API_KEY_CHANNEL, record.keyHash]);
    await recordAuditSql(tx, { workspaceId: bot.workspaceId, actor, action: "api_key.revoked", subjectType: "api_key", subjectId: keyId });
    return updated!;
  });
  forgetPrincipal(record.keyHash);
  return { id: revoked.id, prefix: revoked.prefix, revoked_at: revoked.revoked_at.toISOString() };
}
