// http_ece (tests only: decrypting Web Push messages as a browser would, test/push-service.ts) ships no types.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  interface Params {
    version?: "aes128gcm" | "aesgcm" | "aesgcm128";
    privateKey?: ECDH;
    authSecret?: string | Buffer;
    dh?: string | Buffer;
    key?: string | Buffer;
    salt?: string | Buffer;
    rs?: number;
  }
  export function decrypt(buffer: Buffer, params: Params): Buffer;
  export function encrypt(buffer: Buffer, params: Params): Buffer;
  const ece: { decrypt: typeof decrypt; encrypt: typeof encrypt };
  export default ece;
}
