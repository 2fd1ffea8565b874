// The envelope a bot receives: `{id, type, created_at, bot_id, data}`. `id` is the delivery's (this bot's copy of
// the event, kept across retries and replays: what a bot deduplicates on), `bot_id` the receiving bot's; `data`
// holds the shared ids (the message's, the draft's...). docs/decisions/024-webhook-identity-and-standard-webhooks.md.
//
// Built from the delivery row at send time, not read whole from its payload: deliveries stored before decision 024
// hold the shared event id and no bot_id, and a retry or replay of one goes out in today's shape all the same.

export interface Envelope {
  id: string;
  type: string;
  created_at: string;
  bot_id: string;
  data: unknown;
}

export function envelopeOf(delivery: { id: string; botId: string; eventType: string; payload: unknown }): Envelope {
  const { created_at, data } = delivery.payload as Pick<Envelope, "created_at" | "data">;
  return { id: delivery.id, type: delivery.eventType, created_at, bot_id: delivery.botId, data };
}
