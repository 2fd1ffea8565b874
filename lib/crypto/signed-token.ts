import { createHmac, timingSafeEqual } from "node:crypto";
import { isUuid } from "@/lib/ids";
import { derivedKey } from "./secret-box";

// A token that proves itself, for a link that grants one thing until a time: `<id>.<expiry, unix seconds>.<signature>`,
// the signature HMAC-SHA256 over "<id>.<expiry>" with a key derived from the app's secret key for one purpose (its
// label: a token made for one purpose never verifies for another), base64url. Nothing is stored. The signature is
// checked first (in constant time), then the expiry, so an altered expiry reads as an altered token.

const SIGNATURE_BYTES = 32;

export type TokenCheck =
  | { ok: true; id: string; expiresAt: Date }
  | { ok: false; reason: "malformed" | "bad_signature" | "expired" };

function signature(label: string, id: string, expiresSeconds: number): Buffer {
  return createHmac("sha256", derivedKey(label)).update(`${id}.${expiresSeconds}`).digest();
}

/** A token for `id` (a UUID) and `purpose` (the key's label), valid until `expiresAt` (to the whole second). */
export function signToken(purpose: string, { id, expiresAt }: { id: string; expiresAt: Date }): string {
  const lower = id.toLowerCase();
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${lower}.${expires}.${signature(purpose, lower, expires).toString("base64url")}`;
}

export function verifyToken(purpose: string, { token, now = new Date() }: { token: string; now?: Date }): TokenCheck {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "malformed" };
  const [id, expires, given] = parts as [string, string, string];
  if (!isUuid(id) || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(given))
    return { ok: false, reason: "malformed" };
  const expected = signature(purpose, id.toLowerCase(), Number(expires));
  const actual = Buffer.from(given, "base64url");
  if (actual.length !== SIGNATURE_BYTES || !timingSafeEqual(actual, expected)) return { ok: false, reason: "bad_signature" };
  const expiresAt = new Date(Number(expires) * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, id: id.toLowerCase(), expiresAt };
}
