import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
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

function appSecretKey(): Buffer {
  const configured = env().RELAY_SECRET_KEY;
  if (configured) return Buffer.from(configured, "base64");
  // Same file and format as lib/crypto/secret-box.ts, made the same way when this process is the first to need it.
  const file = path.join(env().DATA_DIR, "secret.key");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error; // another process made it first
    }
  }
  return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
}
