import { createECDH } from "node:crypto";
import path from "node:path";
import webpush from "web-push";
import { keyFileOnce } from "@/lib/crypto/key-file";
import { env, type Env } from "@/lib/env";

// The app server's VAPID identity (RFC 8292): the P-256 key pair whose public half every browser subscription is
// bound to (a push service refuses a message for that subscription signed with any other key) and a contact subject.
// From VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set; otherwise made once, on first use, into DATA_DIR/vapid-keys.json
// (mode 0600) and read from there by every process of the install. Changing the keys orphans every subscription:
// browsers must subscribe again (docs/decisions/021-web-push.md).

export interface VapidKeys {
  /** base64url, 65 bytes: the uncompressed P-256 point the browser's `applicationServerKey` is. */
  publicKey: string;
  /** base64url, 32 bytes. */
  privateKey: string;
  /** https: URL or mailto: address. */
  subject: string;
}

export const VAPID_KEY_FILE = "vapid-keys.json";

let cached: VapidKeys | undefined;

export function vapidKeys(): VapidKeys {
  cached ??= vapidKeysOf(env());
  return cached;
}

/** The keys a configuration names (the environment's pair, or the key file in its DATA_DIR), checked to be a pair. */
export function vapidKeysOf(config: Env): VapidKeys {
  const file = path.join(config.DATA_DIR, VAPID_KEY_FILE);
  const pair =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, from: "VAPID_PRIVATE_KEY" }
      : { ...vapidKeyFile(file), from: file };
  if (publicKeyOf(pair.privateKey) !== pair.publicKey) {
    throw new Error(`The VAPID public key is not the public half of the private key (${pair.from})`);
  }
  return {
    publicKey: pair.publicKey,
    privateKey: pair.privateKey,
    subject: config.VAPID_SUBJECT ?? defaultSubject(config.APP_URL),
  };
}

/** APP_URL when it is https (a push service can reach its operator there), else a mailto: at its host name. */
export function defaultSubject(appUrl: string): string {
  const url = new URL(appUrl);
  return url.protocol === "https:" ? url.origin : `mailto:relay@${url.hostname}`;
}

function publicKeyOf(privateKey: string): string | null {
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
    return ecdh.getPublicKey().toString("base64url");
  } catch {
    return null;
  }
}

/**
 * The key pair in `file`, made first if there is none. Safe when several processes start at once: each writes a
 * complete file of its own under a unique name, and `link` (which fails if the name exists) publishes one of them;
 * the others read the winner's. A reader never sees a half-written file.
 */
export function vapidKeyFile(
  file: string,
  /** Tests: runs between this process's read (no file) and its publishing (another process may win meanwhile). */
  beforePublish?: () => void,
): { publicKey: string; privateKey: string } {
  const text = keyFileOnce(file, {
    make: () => {
      const { publicKey, privateKey } = webpush.generateVAPIDKeys();
      return JSON.stringify({ publicKey, privateKey }) + "\n";
    },
    beforePublish,
  });
  const parsed = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof parsed.publicKey !== "string" || typeof parsed.privateKey !== "string") {
    throw new Error(`${file} holds no VAPID key pair`);
  }
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}
