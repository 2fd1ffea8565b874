import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

// API keys (GitHub's token format, Unkey's storage): `amk_` + 32 base62 characters of randomness (190 bits)
// + 6 base62 characters of CRC32 checksum. A malformed or mistyped key is refused without a database lookup;
// only the SHA-256 of a key is stored, and a lookup is by that hash.

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const API_KEY_PREFIX = "amk_";
const BODY_LENGTH = 32;
const CHECK_LENGTH = 6;

function base62(bytes: Buffer, length: number): string {
  let out = "";
  for (const byte of bytes) {
    if (out.length === length) break;
    if (byte < 248) out += ALPHABET[byte % 62]; // 248 = 62 * 4: rejecting the rest keeps characters uniform
  }
  return out;
}

function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) out += base62(randomBytes(length * 2), length - out.length);
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text)) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function checksum(body: string): string {
  let value = crc32(body);
  let out = "";
  for (let i = 0; i < CHECK_LENGTH; i++) {
    out = ALPHABET[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/**
 * A token format: `prefix` + 32 base62 characters of randomness + 6 of checksum. The bots' API keys are one (`amk_`),
 * people's personal access tokens another (`rpt_`, lib/tokens/). The returned `prefix` (the prefix and 8 more
 * characters) is what lists show.
 */
export function tokenFormat(prefix: string) {
  const pattern = new RegExp(`^${prefix}[0-9A-Za-z]{${BODY_LENGTH + CHECK_LENGTH}}$`);
  return {
    generate(): { key: string; prefix: string; hash: string } {
      const body = randomBase62(BODY_LENGTH);
      const key = `${prefix}${body}${checksum(body)}`;
      return { key, prefix: key.slice(0, prefix.length + 8), hash: hashApiKey(key) };
    },
    /** True when the token has this shape and its checksum matches: worth a database lookup. */
    isWellFormed(key: string): boolean {
      if (!pattern.test(key)) return false;
      const body = key.slice(prefix.length, prefix.length + BODY_LENGTH);
      const given = Buffer.from(key.slice(prefix.length + BODY_LENGTH));
      return timingSafeEqual(given, Buffer.from(checksum(body)));
    },
  };
}

const apiKeys = tokenFormat(API_KEY_PREFIX);

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  return apiKeys.generate();
}

/** True when the key has our shape and its checksum matches: worth a database lookup. */
export function isWellFormedApiKey(key: string): boolean {
  return apiKeys.isWellFormed(key);
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}
