import { signToken as sign, verifyToken as verify } from "@/lib/crypto/signed-token";
import { env } from "@/lib/env";

// Signed attachment links (docs/api-contract.md#agent-requests: `attachment_id` becomes a signed link). A link is
// `{APP_URL}/api/attachments/signed/<token>`, the token lib/crypto/signed-token.ts makes for the attachment's id and
// this purpose. Nothing is stored: the same answer always yields the same link, and a link proves itself.

export const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
const PURPOSE = "relay/attachment-links/v1";
export const SIGNED_PATH = "/api/attachments/signed/";

export type LinkCheck =
  | { ok: true; attachmentId: string; expiresAt: Date }
  | { ok: false; reason: "malformed" | "bad_signature" | "expired" };

/** The link's expiry: `issuedAt` + 24 hours, to the whole second (what the token carries). */
export function linkExpiry(issuedAt: Date): Date {
  return new Date(Math.floor((issuedAt.getTime() + LINK_LIFETIME_MS) / 1000) * 1000);
}

export function signToken(attachmentId: string, expiresAt: Date): string {
  return sign(PURPOSE, { id: attachmentId, expiresAt });
}

/** The link to an attachment, valid until `expiresAt` (use linkExpiry). */
export function signedLink(attachmentId: string, expiresAt: Date): { url: string; expires_at: string } {
  const url = new URL(`${SIGNED_PATH}${signToken(attachmentId, expiresAt)}`, env().APP_URL);
  return { url: url.toString(), expires_at: expiresAt.toISOString() };
}

export function verifyToken(token: string, now: Date = new Date()): LinkCheck {
  const check = verify(PURPOSE, { token, now });
  return check.ok ? { ok: true, attachmentId: check.id, expiresAt: check.expiresAt } : check;
}
