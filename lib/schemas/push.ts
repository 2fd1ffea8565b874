import { z } from "zod";

// The chat's Web Push routes (app/api/chat/push/*): a browser's PushSubscription as its toJSON() gives it, and the
// endpoint that names one. The endpoint is a URL our server will POST to, so beyond its shape it is checked against
// the deployment's address rules (lib/notifications/push/validate-push-endpoint.ts) before it is stored.

export const PUSH_ENDPOINT_MAX = 2048;

const endpoint = z
  .string()
  .max(PUSH_ENDPOINT_MAX, `At most ${PUSH_ENDPOINT_MAX} characters`)
  .refine((value) => URL.canParse(value), "must be a URL");

/** base64url (no padding) of exactly `bytes` bytes. */
const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, "must be base64url without padding")
    .refine((value) => value.length === Math.ceil((bytes * 4) / 3) && Buffer.from(value, "base64url").length === bytes, {
      message: `must be ${bytes} bytes, base64url`,
    });

export const PushSubscriptionInput = z.strictObject({
  endpoint,
  /** When the push service will expire the subscription (ms since the epoch), if it says; not stored. */
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The authentication secret (16 bytes). */
    auth: base64url(16),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

export const PushUnsubscribeInput = z.strictObject({ endpoint });
