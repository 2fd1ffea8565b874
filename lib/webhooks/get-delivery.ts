import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { requireBotManager } from "@/lib/bots/require-bot-manager";
import type { Actor } from "@/lib/people/actor";
import { sql } from "@/lib/db/sql";
import { envelopeOf } from "./envelope";
import { activeSigningSecrets } from "./signing-secrets";
import { computeSignature, signedString } from "./sign";
import { REFUSED } from "./post-webhook";
import { serializeAttempt, serializeDelivery, type AttemptView, type DeliverySummary } from "./serialize-delivery";

export interface SignatureCheck {
  timestamp: number;
  signed_string: string;
  expected_signature: string;
  sent_signature: string;
  valid: boolean;
}

export type DeliveryDetail = DeliverySummary & {
  bot: { id: string; handle: string };
  url: string | null;
  /**
   * The last attempt was refused by the address rule (lib/net/public-address.ts) and nothing was sent: such a
   * delivery fails at once and is not retried (lib/webhooks/attempt-delivery.ts); a replay tries once more.
   */
  refused: boolean;
  payload: unknown;
  attempts: AttemptView[];
  signature_check: SignatureCheck | null;
};

/**
 * A delivery with every attempt, and a signature check of the latest one: the string that was signed, the
 * signature the bot's current secret gives for it, and whether the header sent carries it. A developer whose
 * verification fails compares these with what their code computes.
 */
export async function getDelivery(actor: Actor, id: string): Promise<DeliveryDetail> {
  const deliveryId = requireUuid(id, "Delivery");
  const delivery = await db().webhookDelivery.findUnique({
    where: { id: deliveryId },
    include: { attempts: { orderBy: { number: "asc" } }, bot: { select: { id: true, handle: true, webhookUrl: true } } },
  });
  if (!delivery) throw new ApiError("not_found", "Delivery not found");
  await requireBotManager(actor, { client: db(), botId: delivery.botId });
  const attempts = delivery.attempts.map(serializeAttempt);
  return {
    ...serializeDelivery(delivery),
    bot: { id: delivery.bot.id, handle: delivery.bot.handle },
    url: delivery.bot.webhookUrl,
    refused: delivery.lastError?.startsWith(REFUSED) ?? false,
    payload: envelopeOf(delivery), // as sent: deliveries stored before decision 024 too
    attempts,
    signature_check: await checkSignature(delivery.botId, attempts.at(-1)),
  };
}

async function checkSignature(botId: string, attempt: AttemptView | undefined): Promise<SignatureCheck | null> {
  if (!attempt) return null;
  const header = (name: string) =>
    Object.entries(attempt.request_headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] ?? "";
  const timestamp = Number(header("X-Service-Timestamp"));
  const sent = header("X-Service-Signature");
  const [secret] = await activeSigningSecrets(sql(), { botId });
  if (!secret || !Number.isInteger(timestamp)) return null;
  const expected = `sha256=${computeSignature(secret, { timestamp, body: attempt.request_body })}`;
  return {
    timestamp,
    signed_string: signedString(timestamp, attempt.request_body),
    expected_signature: expected,
    sent_signature: sent,
    valid: sent.split(",").includes(expected),
  };
}
