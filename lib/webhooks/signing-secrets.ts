import { open as unseal } from "@/lib/crypto/secret-box";
import { query, type Sql } from "@/lib/db/sql";

const ACTIVE = query("webhooks.activeSecrets", {
  text: `SELECT secret_encrypted FROM bot_signing_secrets
    WHERE bot_id = $1 AND (expires_at IS NULL OR expires_at > $2) ORDER BY created_at DESC`,
});

export interface ActiveSigningSecretsOptions {
  botId: string;
  /** The moment whose live secrets are wanted. */
  now?: Date;
}

/** The secrets that sign a bot's deliveries now, newest first: the current one, plus the previous one while its
 * rotation window lasts. */
export async function activeSigningSecrets(
  sql: Sql,
  { botId, now = new Date() }: ActiveSigningSecretsOptions,
): Promise<string[]> {
  const rows = await sql.query(ACTIVE, [botId, now]);
  return rows.map((row) => unseal(row.secret_encrypted));
}
