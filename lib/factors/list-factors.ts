import { db } from "@/lib/db/client";
import { recoveryCodesLeft } from "./recovery-codes";

export interface PasskeyView {
  id: string;
  name: string;
  device_type: "singleDevice" | "multiDevice";
  backed_up: boolean;
  created_at: string;
  last_used_at: string | null;
}

export interface FactorsView {
  passkeys: PasskeyView[];
  /** A confirmed authenticator app: when it was added and last used. */
  authenticator: { created_at: string; last_used_at: string | null } | null;
  recovery_codes_left: number;
}

/** The person's second factors, as the Security page lists them. */
export async function listFactors(userId: string): Promise<FactorsView> {
  const [passkeys, totp, left] = await Promise.all([
    db().passkey.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db().totpFactor.findUnique({ where: { userId } }),
    recoveryCodesLeft(userId),
  ]);
  return {
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      device_type: p.deviceType === "multiDevice" ? "multiDevice" : "singleDevice",
      backed_up: p.backedUp,
      created_at: p.createdAt.toISOString(),
      last_used_at: p.lastUsedAt?.toISOString() ?? null,
    })),
    authenticator: totp?.confirmedAt
      ? { created_at: totp.confirmedAt.toISOString(), last_used_at: totp.lastUsedAt?.toISOString() ?? null }
      : null,
    recovery_codes_left: left,
  };
}

/** The second factors the person can be asked for after their password: none means no second step. */
export async function secondFactorsOf(userId: string): Promise<{ totp: boolean; passkey: boolean }> {
  const [totp, passkeys] = await Promise.all([
    db().totpFactor.count({ where: { userId, confirmedAt: { not: null } } }),
    db().passkey.count({ where: { userId } }),
  ]);
  return { totp: totp > 0, passkey: passkeys > 0 };
}
