import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";

// Account-level security records (security_events): a sign-in belongs to no workspace, so audit_events cannot hold
// it. Written when a lockout starts; the operator reads them with `cli security events`.

export type SecurityEventKind = "sign_in_locked" | "sign_in_address_locked" | "credentials_locked";

/** The longest email kept in a record: a local part of 64, "@" and a domain of 255 characters. */
export const EMAIL_MAX = 320;

export async function recordSecurityEvent(entry: {
  kind: SecurityEventKind;
  /** As typed, trimmed and lower-cased; the account it names, if any, is looked up here. */
  email?: string;
  address: string;
  data: Record<string, unknown>;
}): Promise<void> {
  const email = entry.email?.slice(0, EMAIL_MAX);
  const user = email ? await db().user.findUnique({ where: { email }, select: { id: true } }) : null;
  await db().securityEvent.create({
    data: {
      kind: entry.kind,
      userId: user?.id ?? null,
      email: email ?? null,
      address: entry.address,
      data: entry.data as Prisma.InputJsonValue,
    },
  });
}
