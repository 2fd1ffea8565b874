import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import path from "node:path";
import { env } from "@/lib/env";
import { keyFileOnce } from "./key-file";

// Secrets we must be able to read back (webhook signing secrets) are stored encrypted: AES-256-GCM with a key from
// RELAY_SECRET_KEY, or, on the embedded default, a key file made once in DATA_DIR (mode 0600).

let cachedKey: Buffer | null = null;

/** The app's secret key: RELAY_SECRET_KEY, or DATA_DIR/secret.key made once (lib/auth/secret.ts derives from it). */
export function appSecretKey(): Buffer {
  if (cachedKey) return cachedKey;
  const configured = env().RELAY_SECRET_KEY;
  const text =
    configured ??
    keyFileOnce(path.join(env().DATA_DIR, "secret.key"), { make: () => randomBytes(32).toString("base64") });
  const key = Buffer.from(text.trim(), "base64");
  if (key.length !== 32) throw new Error("RELAY_SECRET_KEY must be 32 bytes, base64-encoded");
  cachedKey = key;
  return key;
}

const key = appSecretKey;

export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), data.toString("base64")].join(".");
}

export function open(sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new Error("not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
}

/**
 * A key for one purpose (`label`), derived from the app's secret key with HMAC-SHA256: signed attachment links use
 * one (lib/agents/signed-link.ts). Knowing a derived key reveals nothing of the key that seals secrets.
 */
export function derivedKey(label: string): Buffer {
  return createHmac("sha256", key()).update(label).digest();
}
