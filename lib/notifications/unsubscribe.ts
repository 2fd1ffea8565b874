import { createHmac, timingSafeEqual } from "node:crypto";
import { derivedKey } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import { NOTIFICATION_DEFAULTS } from "./settings";

// One-click unsubscribe (RFC 8058) from a notification email: every email carries
// `List-Unsubscribe: <{APP_URL}/api/notifications/unsubscribe/<token>>` and `List-Unsubscribe-Post:
// List-Unsubscribe=One-Click`; a POST there turns email off for that person in that workspace. A GET never acts: it
// goes to the confirmation page (/unsubscribe/<token>), whose button POSTs. The token is
// `<user id>.<workspace id>.<HMAC-SHA256 of both, base64url>` with a key derived from the app's secret key for this
// purpose only (lib/crypto/secret-box.ts): nothing stored, unguessable without the key, and it can do nothing but turn
// that one person's email off in that one workspace (no sign-in needed: mail clients POST without cookies).

const KEY_LABEL = "relay/email-unsubscribe/v1";
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
export const UNSUBSCRIBE_API_PATH = "/api/notifications/unsubscribe/";
export const UNSUBSCRIBE_PAGE_PATH = "/unsubscribe/";

const signature = (userId: string, workspaceId: string) =>
  createHmac("sha256", derivedKey(KEY_LABEL)).update(`${userId}.${workspaceId}`).digest();

export function unsubscribeToken(userId: string, workspaceId: string): string {
  const u = userId.toLowerCase();
  const w = workspaceId.toLowerCase();
  return `${u}.${w}.${signature(u, w).toString("base64url")}`;
}

/** The person and workspace a genuine token names; null for anything else (malformed or altered). */
export function readUnsubscribeToken(token: string): { userId: string; workspaceId: string } | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [u, w, given] = parts as [string, string, string];
  if (!isUuid(u) || !isUuid(w) || !SIGNATURE.test(given)) return null;
  const expected = signature(u.toLowerCase(), w.toLowerCase());
  const actual = Buffer.from(given, "base64url");
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { userId: u.toLowerCase(), workspaceId: w.toLowerCase() };
}

export const unsubscribeUrl = (token: string) => new URL(`${UNSUBSCRIBE_API_PATH}${token}`, env().APP_URL).toString();
export const unsubscribePageUrl = (token: string) =>
  new URL(`${UNSUBSCRIBE_PAGE_PATH}${token}`, env().APP_URL).toString();

const notFound = () => new ApiError("not_found", "This unsubscribe link is not valid");

/** What a genuine link is about, for its confirmation page: the workspace, the address (partly hidden), email on. */
export async function describeUnsubscribe(token: string) {
  const named = readUnsubscribeToken(token);
  if (!named) throw notFound();
  const membership = await db().membership.findUnique({
    where: { workspaceId_userId: { workspaceId: named.workspaceId, userId: named.userId } },
    select: { workspace: { select: { name: true } }, user: { select: { email: true } } },
  });
  if (!membership) throw notFound();
  const settings = await db().notificationSettings.findUnique({
    where: { userId_workspaceId: named },
    select: { email: true },
  });
  return {
    workspace: membership.workspace.name,
    email: maskEmail(membership.user.email),
    emailOn: settings?.email ?? NOTIFICATION_DEFAULTS.email,
  };
}

/** `ana.lima@example.com` → `a•••a@example.com`: enough to recognise one's own address, not to learn another's. */
function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  const shown = local.length <= 2 ? `${local[0] ?? ""}•••` : `${local[0]}•••${local.at(-1)}`;
  return `${shown}@${domain}`;
}

/** Turns email off for the link's person in its workspace (push and quiet hours stay as they were). Idempotent. */
export async function unsubscribeByToken(token: string): Promise<{ changed: boolean }> {
  const named = readUnsubscribeToken(token);
  if (!named) throw notFound();
  const membership = await db().membership.findUnique({
    where: { workspaceId_userId: { workspaceId: named.workspaceId, userId: named.userId } },
  });
  if (!membership) throw notFound();
  return db().$transaction(async (tx) => {
    const current = await tx.notificationSettings.findUnique({ where: { userId_workspaceId: named } });
    if (current && !current.email) return { changed: false };
    await tx.notificationSettings.upsert({
      where: { userId_workspaceId: named },
      create: { ...named, ...NOTIFICATION_DEFAULTS, email: false },
      update: { email: false, updatedAt: new Date() },
    });
    // What waited for the next email will not go out.
    await tx.notification.updateMany({
      where: { ...named, emailStatus: "pending" },
      data: { emailStatus: "skipped" },
    });
    await recordAudit(tx, {
      workspaceId: named.workspaceId,
      actor: { type: "person", userId: named.userId, via: "web" },
      action: "notifications.email_unsubscribed",
      subjectType: "user",
      subjectId: named.userId,
      data: { via: "unsubscribe_link" },
    });
    return { changed: true };
  });
}
