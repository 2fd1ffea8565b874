import { createHash } from "node:crypto";
import webpush from "web-push";
import { db } from "@/lib/db/client";
import { loopbackWebhooksAllowed } from "@/lib/deployment/settings";
import { postWebhook, type PostResult } from "@/lib/webhooks/post-webhook";
import { vapidKeys } from "./vapid-keys";
import { log } from "@/lib/log";

// The seam between the notification core and the Web Push channel (issue 18). The core decides who is told what and
// when; this sends one coalesced notification to every device a person subscribed, and forgets the devices the push
// service no longer knows (404/410). Built on its own branch; this signature is the contract both sides build on.
//
// Each message is encrypted for its browser (RFC 8291, aes128gcm) and signed with the app's VAPID key (RFC 8292) by
// `web-push`, then POSTed by the webhooks' HTTP client (lib/webhooks/post-webhook.ts): the endpoint is a URL a
// browser gave us, so it gets the same SSRF rules as a webhook URL (https; the address a name resolves to must be
// public; loopback only where the deployment allows it; redirects never followed; 15 s at most).

export interface PushPayload {
  /** The notification's title, e.g. "Ticket Bot waits for your approval". */
  title: string;
  /** One or two lines: what waits, and how many more. */
  body: string;
  /** A path inside the app that opens the exact approval, e.g. `/chat/<conversationId>?approval=<draftId>`. */
  url: string;
  /** Notifications with the same tag replace each other on a device (one per workspace and kind, say). */
  tag: string;
}

export interface PushOutcome {
  /** Devices the push service accepted the message for. */
  sent: number;
  /** Subscriptions removed because the push service answered 404 or 410. */
  removed: number;
}

/** How long a push service keeps a message for a device that is offline: after that, it is not worth showing. */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;

// A push message carries at most 4096 bytes (RFC 8030 §7.2); encryption adds 103. The fields are cut to fit well
// under it, whatever the core passes.
const LIMITS = { title: 120, body: 600, url: 1500, tag: 200 } as const;
const MAX_PLAINTEXT_BYTES = 3800;

/** One or more devices failed in a way worth retrying (a network error, a timeout, 408, 429, 5xx); the others got it. */
export class PushDeliveryFailed extends Error {
  override name = "PushDeliveryFailed";
  constructor(
    readonly failures: { subscriptionId: string; error: string }[],
    readonly outcome: PushOutcome,
  ) {
    super(
      `Web Push failed for ${failures.length} device(s) (${outcome.sent} sent, ${outcome.removed} removed): ` +
        failures.map((f) => `${f.subscriptionId}: ${f.error}`).join("; "),
    );
  }
}

/**
 * Sends `payload` to every device `userId` subscribed, all at once. 2xx: sent (its last success recorded). 404 or
 * 410: the push service forgot the subscription, so it is deleted. A failure worth retrying on any device throws
 * PushDeliveryFailed once every device was tried (one dead device never keeps the others from their message), so
 * the caller's job retries; a retry sends to every device again, and the tag makes the copy replace the first.
 * Other refusals (400, 403: a payload or key the push service will never accept; an address the SSRF rules refuse)
 * are logged and not retried.
 */
export async function pushToPerson(userId: string, payload: PushPayload): Promise<PushOutcome> {
  const subscriptions = await db().pushSubscription.findMany({
    where: { userId },
    select: { id: true, endpoint: true, p256dh: true, auth: true },
  });
  if (subscriptions.length === 0) return { sent: 0, removed: 0 };
  const keys = vapidKeys();
  const allowLoopback = await loopbackWebhooksAllowed();
  const message = JSON.stringify(fit(payload));
  const topic = topicOf(payload.tag);

  const results = await Promise.all(
    subscriptions.map(async (subscription) => {
      let result: PostResult;
      try {
        const request = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          message,
          {
            vapidDetails: keys,
            TTL: PUSH_TTL_SECONDS,
            urgency: "high",
            topic,
            contentEncoding: "aes128gcm",
          },
        );
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          if (name.toLowerCase() !== "content-length") headers[name] = String(value);
        }
        result = await postWebhook(subscription.endpoint, {
          headers,
          body: request.body ?? new Uint8Array(),
          allowLoopback,
        });
      } catch (error) {
        result = { status: null, body: null, error: `not sent: ${(error as Error).message}`, durationMs: 0 };
      }
      return { subscription, result };
    }),
  );

  const sent = results.filter(({ result }) => result.status !== null && result.status >= 200 && result.status < 300);
  const gone = results.filter(({ result }) => result.status === 404 || result.status === 410);
  const retry = results.filter(({ result }) => retryable(result));
  const refused = results.filter((r) => !sent.includes(r) && !gone.includes(r) && !retry.includes(r));

  if (sent.length) {
    await db().pushSubscription.updateMany({
      where: { id: { in: sent.map(({ subscription }) => subscription.id) } },
      data: { lastSuccessAt: new Date() },
    });
  }
  let removed = 0;
  if (gone.length) {
    // Only the subscription that was answered for: a browser that subscribed again meanwhile has new keys.
    for (const { subscription } of gone) {
      const deleted = await db().pushSubscription.deleteMany({
        where: { id: subscription.id, endpoint: subscription.endpoint, p256dh: subscription.p256dh },
      });
      removed += deleted.count;
    }
  }
  for (const { subscription, result } of refused) {
    log().warn({ subscription_id: subscription.id, result: describe(result) }, "web push refused, not retried");
  }
  const outcome = { sent: sent.length, removed };
  if (retry.length) {
    throw new PushDeliveryFailed(
      retry.map(({ subscription, result }) => ({ subscriptionId: subscription.id, error: describe(result) })),
      outcome,
    );
  }
  return outcome;
}

/** Worth trying again later: no answer at all (network, timeout), or the push service said so (408, 429, 5xx). */
function retryable(result: PostResult): boolean {
  if (result.status === null) return !result.refused && !result.error?.startsWith("not sent: ");
  return result.status === 408 || result.status === 429 || result.status >= 500;
}

function describe(result: PostResult): string {
  return result.error ?? `HTTP ${result.status}`;
}

/** The payload cut to fit one push message: each field to its limit, then the body shortened until the JSON fits. */
export function fit(payload: PushPayload): PushPayload {
  const cut = (text: string, max: number) => (text.length > max ? `${[...text].slice(0, max - 1).join("")}…` : text);
  const fitted = {
    title: cut(payload.title, LIMITS.title),
    body: cut(payload.body, LIMITS.body),
    url: payload.url.length <= LIMITS.url ? payload.url : "/chat",
    tag: cut(payload.tag, LIMITS.tag),
  };
  while (Buffer.byteLength(JSON.stringify(fitted)) > MAX_PLAINTEXT_BYTES && fitted.body.length > 1) {
    fitted.body = cut(fitted.body, Math.floor(fitted.body.length / 2));
  }
  return fitted;
}

/** A push service keeps only the newest undelivered message per topic (RFC 8030 §5.4): one per tag. */
function topicOf(tag: string): string {
  return createHash("sha256").update(tag).digest("base64url").slice(0, 32);
}
