import { appendAuditLog } from "@/lib/audit/audit-log";
import { accountEntry } from "@/lib/security/record-security-event";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { query, sql, transaction } from "@/lib/db/sql";
import { hashApiKey } from "@/lib/keys/api-key";

// Recovery codes (docs/decisions/036-second-factors.md): ten at a time, each used once, for a person who lost their
// authenticator and passkeys. 80 random bits each, shown once as four groups of five hex digits; stored as SHA-256
// like API keys and tokens (lib/keys/api-key.ts), looked up by that hash. Making new ones deletes the old ones.

export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_CODE_HEX = 20;

const newCode = () =>
  randomBytes(RECOVERY_CODE_HEX / 2)
    .toString("hex")
    .match(/.{5}/g)!
    .join("-");

/** A code as typed: spaces and dashes dropped, lower case; null unless 20 hex digits remain. */
export function normalizeRecoveryCode(code: string): string | null {
  const hex = code.replace(/[\s-]/g, "").toLowerCase();
  return new RegExp(`^[0-9a-f]{${RECOVERY_CODE_HEX}}$`).test(hex) ? hex : null;
}

/** The person's codes replaced by these hashes, in one statement. */
const REPLACE = query("factors.replaceRecoveryCodes", {
  text: `WITH gone AS (DELETE FROM recovery_codes WHERE user_id = $1)
  INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, hash FROM unnest($2::text[]) AS hash`,
});

/** Makes the person's ten codes anew (the old ones stop working) and returns them, the one time they are shown. */
export async function regenerateRecoveryCodes(userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await transaction(async (tx) => {
    await tx.query(REPLACE, [userId, codes.map((code) => hashApiKey(normalizeRecoveryCode(code)!))]);
    await appendAuditLog(tx, accountEntry(userId, { kind: "factor.recovery_codes_made" }));
  });
  return codes;
}

/** How many of the person's codes are still unused. */
export const recoveryCodesLeft = (userId: string): Promise<number> =>
  db().recoveryCode.count({ where: { userId, usedAt: null } });

// The code's use enters the audit chain in the same statement (lib/security/record-security-event.ts: accountEntry).
const USE = query("factors.redeemRecoveryCode", {
  text: `WITH used AS (
     UPDATE recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id
   ), chained AS (
     INSERT INTO audit_log (kind, workspace_id, actor_type, actor_id, subject_type, subject_id, facts)
     SELECT 'factor.recovery_code_used', NULL, 'person', $1::text, 'person', $1::text, '{}'::jsonb FROM used
   )
   SELECT id FROM used`,
});

/** Uses one of the person's codes: true once per code (the UPDATE that marks it used is the check). */
export async function redeemRecoveryCode(input: { userId: string; code: string; now?: Date }): Promise<boolean> {
  const normalized = normalizeRecoveryCode(input.code);
  if (!normalized) return false;
  const rows = await sql().query(USE, [input.userId, hashApiKey(normalized), input.now ?? new Date()]);
  return rows.length === 1;
}

/** After a factor was added: new codes when the person has none left (their first factor), else null. */
export async function recoveryCodesForNewFactor(userId: string): Promise<string[] | null> {
  return (await recoveryCodesLeft(userId)) > 0 ? null : regenerateRecoveryCodes(userId);
}
