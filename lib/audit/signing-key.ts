import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import path from "node:path";
import { keyFileOnce } from "@/lib/crypto/key-file";
import { env } from "@/lib/env";
import { keyIdOf } from "./checkpoint";

// The key that signs the audit chain's checkpoints (docs/decisions/035-audit-chain.md): RELAY_AUDIT_SIGNING_KEY (an
// Ed25519 private key, PKCS#8 PEM or its 32-byte seed in base64), or, on the embedded default, a key file made once
// in DATA_DIR (mode 0600), as the other secrets. Its public half, with its id, is what a verifier trusts.

export interface AuditSigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  keyId: string;
}

// PKCS#8's DER header of an Ed25519 private key, before its 32-byte seed (RFC 8410).
const SEED_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

let cached: AuditSigningKey | null = null;

export function auditSigningKey(): AuditSigningKey {
  if (cached) return cached;
  const configured = env().RELAY_AUDIT_SIGNING_KEY;
  const text =
    configured ??
    keyFileOnce(path.join(env().DATA_DIR, "audit-signing-key.pem"), {
      make: () => generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    });
  const privateKey = parsePrivateKey(text);
  const publicKey = createPublicKey(privateKey);
  cached = { privateKey, publicKey, keyId: keyIdOf(publicKey) };
  return cached;
}

/** An Ed25519 private key from PKCS#8 PEM or a base64 seed; anything else is refused, naming the variable. */
export function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    if (trimmed.startsWith("-----BEGIN")) key = createPrivateKey(trimmed);
    else {
      const seed = Buffer.from(trimmed, "base64");
      if (seed.length !== 32) throw new Error("not 32 bytes");
      key = createPrivateKey({ key: Buffer.concat([SEED_PREFIX, seed]), format: "der", type: "pkcs8" });
    }
  } catch {
    throw new Error("RELAY_AUDIT_SIGNING_KEY must be an Ed25519 private key (PKCS#8 PEM, or its 32-byte seed in base64)");
  }
  if (key.asymmetricKeyType !== "ed25519") throw new Error("RELAY_AUDIT_SIGNING_KEY must be an Ed25519 key");
  return key;
}

/**
 * A public key a verifier trusts: SPKI PEM, or the raw 32 bytes in base64 / base64url (as `cli audit public-key`
 * prints them).
 */
export function parsePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith("-----BEGIN")) return createPublicKey(trimmed);
  const raw = Buffer.from(trimmed, "base64url");
  if (raw.length !== 32) throw new Error("a public key is SPKI PEM or 32 bytes in base64");
  return createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: raw.toString("base64url") }, format: "jwk" });
}

/** The public half as people copy it: its id, the raw key in base64url, and PEM. */
export function publicKeyText(key: KeyObject): { keyId: string; publicKey: string; pem: string } {
  return {
    keyId: keyIdOf(key),
    publicKey: key.export({ format: "jwk" }).x ?? "",
    pem: key.export({ type: "spki", format: "pem" }).toString(),
  };
}
