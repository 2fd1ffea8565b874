import { createHmac, timingSafeEqual } from "node:crypto";
import { derivedKey } from "@/lib/crypto/secret-box";
import { env } from "@/lib/env";
import { isUuid } from "@/lib/ids";

// Signed attachment links (docs/api-contract.md#agent-requests: `attachment_id` becomes a signed link). A link is
// `{APP_URL}/api/attachments/signed/<attachment id>.<expiry, unix seconds>.<signature>`, the signature being
// HMAC-SHA256 over "<attachment id>.<expiry>" with a key derived from the app's secret key (never the key itself),
// base64url. Nothing is stored: the same answer always yields the same link, and a link proves itself. The signature
// is checked first (in constant time), then the expiry, so an altered expiry reads as an altered link.

export const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
const KEY_LABEL = "relay/attachment-links/v1";
const SIGNATURE_BYTES = 32;
export const SIGNED_PATH = "/api/attachments/signed/";

export type LinkCheck =
  | { ok: true; attachmentId: string; expiresAt: Date }
  | { ok: false; reason: "malformed" | "bad_signature" | "expired" };

function signature(attachmentId: string, expiresSeconds: number): Buffer {
  return createHmac("sha256", derivedKey(KEY_LABEL)).update(`${attachmentId}.${expiresSeconds}`).digest();
}

/** The link's expiry: `issuedAt` + 24 hours, to the whole second (what the token carries). */
export function linkExpiry(issuedAt: Date): Date {
  return new Date(Math.floor((issuedAt.getTime() + LINK_LIFETIME_MS) / 1000) * 1000);
}

export function signToken(attachmentId: string, expiresAt: Date): string {
  const id = attachmentId.toLowerCase();
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${id}.${expires}.${signature(id, expires).toString("base64url")}`;
}

/** The link to an attachment, valid until `expiresAt` (use linkExpiry). */
export function signedLink(attachmentId: string, expiresAt: Date): { url: string; expires_at: string } {
  const url = new URL(`${SIGNED_PATH}${signToken(attachmentId, expiresAt)}`, env().APP_URL);
  return { url: url.toString(), expires_at: expiresAt.toISOString() };
}

export function verifyToken(token: string, now: Date = new Date()): LinkCheck {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "malformed" };
  const [id, expires, given] = parts as [string, string, string];
  if (!isUuid(id) || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(given))
    return { ok: false, reason: "malformed" };
  const expected = signature(id.toLowerCase(), Number(expires));
  const actual = Buffer.from(given, "base64url");
  if (actual.length !== SIGNATURE_BYTES || !timingSafeEqual(actual, expected))
    return { ok: false, reason: "bad_signature" };
  const expiresAt = new Date(Number(expires) * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, attachmentId: id.toLowerCase(), expiresAt };
}
