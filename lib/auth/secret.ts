import "server-only";
import { createHmac } from "node:crypto";
import { appSecretKey } from "@/lib/crypto/secret-box";
import { env } from "@/lib/env";

// The secret that encrypts people's session cookies. NEXTAUTH_SECRET when set (production); otherwise derived from
// the app's secret key (RELAY_SECRET_KEY, or the key file DATA_DIR/secret.key that lib/crypto/secret-box.ts keeps),
// so `npm start` needs no configuration and sessions survive restarts. An HMAC with its own label keeps the two
// uses apart: the cookie secret reveals nothing of the key that seals signing secrets.

const LABEL = "relay/next-auth/session-secret/v1";
let cached: string | undefined;

export function authSecret(): string {
  if (cached) return cached;
  const configured = env().NEXTAUTH_SECRET;
  cached = configured ?? createHmac("sha256", appSecretKey()).update(LABEL).digest("base64url");
  return cached;
}

