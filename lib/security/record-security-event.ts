import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { appendAuditLogPrisma, auditLogData, type AuditLogWrite } from "@/lib/audit/audit-log";
import { db } from "@/lib/db/client";

// Account-level security records (security_events): a sign-in belongs to no workspace, so audit_events cannot hold
// it. Written when a lockout starts; the operator reads them with `cli security events`. Each also enters the audit
// chain (lib/audit/audit-log.ts), by id only: the email and address stay here, where erasure can reach them.

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
  const id = randomUUID();
  const record = db().securityEvent.create({
    data: {
      id,
      kind: entry.kind,
      userId: user?.id ?? null,
      email: email ?? null,
      address: entry.address,
      data: entry.data as Prisma.InputJsonValue,
    },
  });
  const chained = auditLogData({
    kind: `security.${entry.kind}`,
    workspaceId: null,
    actor: { type: "system", id: null },
    subject: { type: "person", id: user?.id ?? null },
    facts: { event: id },
  });
  await db().$transaction([record, db().auditLogEntry.create({ data: chained })]);
}

/**
 * A person signed in (next-auth's sign-in, lib/auth/options.ts): by which method (`password`, `password+totp`,
 * `passkey`, `oauth:github`...) and which session, in the audit chain.
 */
export async function recordSignIn(userId: string, { method, sessionId }: { method: string; sessionId: string }) {
  await appendAuditLogPrisma(db(), {
    kind: "person.signed_in",
    workspaceId: null,
    actor: { type: "person", id: userId },
    subject: { type: "session", id: sessionId },
    facts: { method },
  });
}

/**
 * An account's security change (a factor added or removed, recovery codes made or used, sessions signed out) as the
 * audit chain keeps it: of no workspace, by the person (or the operator), by ids only.
 */
export function accountEntry(
  userId: string,
  { kind, subject, facts = {}, by = "person" }: AccountEntryOptions,
): AuditLogWrite {
  return {
    kind,
    workspaceId: null,
    actor: by === "person" ? { type: "person", id: userId } : { type: "system", id: null },
    subject: subject ?? { type: "person", id: userId },
    facts: by === "person" ? facts : { ...facts, person: userId },
  };
}

export interface AccountEntryOptions {
  kind: string;
  subject?: { type: string; id: string };
  facts?: Record<string, unknown>;
  /** The operator (`cli person reset-factors`) rather than the person. */
  by?: "person" | "operator";
}
