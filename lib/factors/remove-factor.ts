import { appendAuditLog } from "@/lib/audit/audit-log";
import { accountEntry } from "@/lib/security/record-security-event";
import { query, transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import type { PersonActor } from "@/lib/people/actor";
import { requiresTwoFactors } from "./enforcement";

/** A factor to remove: one passkey, or the authenticator app. */
export type FactorRef = { kind: "passkey"; id: string } | { kind: "totp" };

const LOCK_PERSON = query("factors.lockPerson", { text: "SELECT id FROM users WHERE id = $1 FOR UPDATE" });
const COUNT = query("factors.count", {
  text: `SELECT (SELECT count(*) FROM passkeys WHERE user_id = $1)::int AS passkeys,
                (SELECT count(*) FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL)::int AS totp`,
  notNull: ["passkeys", "totp"],
});
const DELETE_PASSKEY = query("factors.deletePasskey", {
  text: "DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING id",
});
const DELETE_TOTP = query("factors.deleteTotp", {
  text: "DELETE FROM totp_factors WHERE user_id = $1 RETURNING confirmed_at",
});
const DELETE_RECOVERY_CODES = query("factors.deleteRecoveryCodes", {
  text: "DELETE FROM recovery_codes WHERE user_id = $1",
});

/**
 * The one way a person's second factor is removed (the Security page, and any later door). A passkey of someone else
 * is "not found", like one that does not exist. Removing the person's last factor is refused while a workspace of
 * theirs requires two factors (the enforcement hook, below); otherwise their recovery codes go with it (they recover
 * a second step that no longer exists). One transaction under a lock on the person's row: two removals at once
 * cannot each count the other's factor as still there.
 */
export async function removeFactor(actor: PersonActor, factor: FactorRef): Promise<void> {
  const userId = actor.userId;
  if (factor.kind === "passkey" && !isUuid(factor.id)) throw new ApiError("not_found", "Passkey not found");
  await transaction(async (tx) => {
    await tx.query(LOCK_PERSON, [userId]);
    const [before] = await tx.query(COUNT, [userId]);
    let removed: boolean;
    let confirmed: boolean;
    if (factor.kind === "passkey") {
      removed = (await tx.query(DELETE_PASSKEY, [factor.id.toLowerCase(), userId])).length === 1;
      confirmed = removed;
      if (!removed) throw new ApiError("not_found", "Passkey not found");
    } else {
      const [row] = await tx.query(DELETE_TOTP, [userId]);
      if (!row) throw new ApiError("not_found", "No authenticator to remove");
      removed = true;
      confirmed = row.confirmed_at !== null; // one still being added is no factor yet
    }
    const left = before!.passkeys + before!.totp - (confirmed ? 1 : 0);
    if (removed && confirmed && left === 0) {
      // ENFORCEMENT HOOK: refuse removing the last factor while a workspace of the person's requires two factors.
      // requiresTwoFactors (lib/factors/enforcement.ts) answers false until workspace enforcement is built.
      if (await requiresTwoFactors(userId))
        throw new ApiError(
          "conflict",
          "A workspace of yours requires a second factor: add another one before removing this one",
        );
      await tx.query(DELETE_RECOVERY_CODES, [userId]);
    }
    const subject = factor.kind === "passkey" ? { type: "passkey", id: factor.id.toLowerCase() } : undefined;
    await appendAuditLog(tx, accountEntry(userId, { kind: `factor.${factor.kind}_removed`, subject }));
  });
}
