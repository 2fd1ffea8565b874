import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  RelayApiError,
  RelayClient,
  verifyWebhook,
  WebhookVerificationError,
  type Conversation,
  type WebhookEvent,
} from "../../sdk/index.js";

// The demo's two bots, as an integrator would write them: the SDK's client over HTTP and webhooks verified with the
// bot's signing secret. `npm start` runs them beside the server while the demo workspace exists (scripts/serve.ts;
// DEMO_BOTS=false turns them off), so the demo moves on its own: what a newcomer sees in the first minute is what
// these bots do through the public API, under the same policy as any bot.
//
// - Helper (established): answers a mention, proposes a draft for a person, sends an approval card and reacts to
//   its buttons, asks Scheduler a question over a trusted connection, and says what it heard back.
// - Scheduler (new, so a person approves its messages): proposes a visit whose message waits for approval with a
//   live status block, and marks the block done once a person approved; answers Helper's question.
//
// One HTTP server serves both: POST /relay-demo/<handle> is each bot's webhook URL.

export type DemoBotHandle = "helper" | "scheduler";
export const DEMO_BOT_HANDLES: readonly DemoBotHandle[] = ["helper", "scheduler"];

export interface DemoBotCredentials {
  handle: DemoBotHandle;
  apiKey: string;
  /** The bot's live signing secrets, newest first (two during a rotation). */
  secrets: string[];
}

export interface DemoBotsOptions {
  /** 0 picks a free port. */
  port: number;
  relayUrl: string;
  /** One JSON-able object per event handled or refused. Default: nothing. */
  log?: (line: Record<string, unknown>) => void;
}

export interface DemoBots {
  /** The webhook URL of one bot, e.g. http://127.0.0.1:41234/relay-demo/helper. */
  urlOf(handle: DemoBotHandle): string;
  /** The bots' keys and secrets; until given, webhooks are answered 503 (Relay retries them). */
  use(credentials: DemoBotCredentials[]): void;
  /** The demo's first minute: Helper's draft, card and question, Scheduler's proposal. Run once, on the first start. */
  open(): Promise<void>;
  close(): Promise<void>;
}

/** The demo's conversations, by the start of their titles (lib/seed/seed-world.ts names them). */
const ORDER = "Order #1042";
const RENEWAL = "Renewal with Dev";
const VISIT = "Scheduling a visit";
const MAX_BODY_BYTES = 1024 * 1024;

export async function startDemoBots(options: DemoBotsOptions): Promise<DemoBots> {
  const log = options.log ?? (() => {});
  const bots = new Map<DemoBotHandle, { client: RelayClient; secrets: string[] }>();
  const inFlight = new Set<Promise<void>>();
  const seen = new Set<string>();

  const bot = (handle: DemoBotHandle) => {
    const found = bots.get(handle);
    if (!found) throw new Error(`demo bot @${handle} has no credentials`);
    return found.client;
  };

  async function conversation(handle: DemoBotHandle, titleStart: string): Promise<Conversation> {
    for await (const c of bot(handle).paginateConversations()) if (c.title?.startsWith(titleStart)) return c;
    throw new Error(`@${handle} is not in a conversation named "${titleStart}…"`);
  }

  /** What each bot does with an event; every reply's idempotency key derives from the event's id. */
  async function handle(handle: DemoBotHandle, event: WebhookEvent): Promise<void> {
    const client = bot(handle);
    const key = (what: string) => `demo-${what}-${event.id}`;
    if (handle === "helper") {
      switch (event.type) {
        case "message.created": {
          if (!event.data.message.mentioned) return;
          const asked = event.data.message.body;
          const body = /order|parcel|deliver/i.test(asked)
            ? "Order #1042 left the warehouse on Monday; the carrier expects it on Thursday. It's two days late, so I've put a card below: should we make it up to Carla?"
            : `Hi @${event.data.message.sender.handle}! I'm Helper, one of the demo's bots: mention me and I answer, and I draft replies for a person to approve.`;
          await client.sendMessage(event.data.conversation_id, { body }, { idempotencyKey: key("answer") });
          return;
        }
        case "message.received": {
          const chosen = event.data.action.action_key;
          const body =
            chosen === "offer"
              ? `Done, @${event.data.user.handle}: Carla gets free express shipping on her next order.`
              : `OK, @${event.data.user.handle}: no offer this time.`;
          await client.sendMessage(event.data.conversation_id, { body }, { idempotencyKey: key("card") });
          return;
        }
        case "draft.approved":
          await client.sendMessage(
            event.data.conversation_id,
            { body: `Thanks, @${event.data.approved_by.handle}: sent. I'll tell you here when Dev answers.` },
            { idempotencyKey: key("approved") },
          );
          return;
        case "agent_request.answered": {
          const answer = event.data.agent_request.response?.body ?? "(no text)";
          const order = await conversation("helper", ORDER);
          await client.sendMessage(
            order.id,
            { body: `Scheduler answered my question about Carla's visit: “${answer}”` },
            { idempotencyKey: key("heard") },
          );
          return;
        }
        default:
          return;
      }
    }
    switch (event.type) {
      case "agent_request.created":
        await client.respondToAgentRequest(
          event.data.agent_request.id,
          { body: "Thursday from 10:00 to 12:00 is free for Carla's visit." },
          { idempotencyKey: key("respond") },
        );
        return;
      case "draft.approved":
        // The held proposal went out: its live status block says so (a status block changes in place).
        await client.updateMessage(event.data.message.id, {
          blocks: [
            {
              type: "status_block",
              title: "Visit booked: Thursday 10:00",
              state: "done",
            },
          ],
        });
        return;
      case "message.created":
        if (!event.data.message.mentioned) return;
        await client.sendMessage(
          event.data.conversation_id,
          { body: "I'm Scheduler, new here: a person approves my messages until I've earned their trust." },
          { idempotencyKey: key("answer") },
        );
        return;
      default:
        return;
    }
  }

  function received(handleName: DemoBotHandle, event: WebhookEvent) {
    if (seen.has(event.id)) return; // a redelivery of an event already handled
    seen.add(event.id);
    const task = handle(handleName, event)
      .then(() => log({ bot: handleName, event: event.type, id: event.id }))
      .catch((error: unknown) => {
        seen.delete(event.id); // a replay from the portal may try again
        log({
          bot: handleName,
          event: event.type,
          id: event.id,
          error: error instanceof Error ? error.message : String(error),
          code: error instanceof RelayApiError ? error.code : undefined,
        });
      })
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  }

  const server = http.createServer((req, res) => {
    const match = /^\/relay-demo\/([a-z]+)$/.exec(new URL(req.url ?? "/", "http://localhost").pathname);
    const handleName = DEMO_BOT_HANDLES.find((h) => h === match?.[1]);
    if (!handleName) return reply(res, 404, { error: "not_found" });
    if (req.method !== "POST") return reply(res, 405, { error: "method_not_allowed" });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => {
      if (size > MAX_BODY_BYTES) return reply(res, 413, { error: "payload_too_large" });
      const credentials = bots.get(handleName);
      if (!credentials) return reply(res, 503, { error: "starting" });
      let event: WebhookEvent;
      try {
        event = verifyWebhook(Buffer.concat(chunks), req.headers, credentials.secrets);
      } catch (error) {
        const reason = error instanceof WebhookVerificationError ? error.reason : "invalid_request";
        log({ bot: handleName, error: "webhook_rejected", reason });
        return reply(res, 401, { error: "unauthorized", reason });
      }
      reply(res, 200, { ok: true }); // at once: the work happens after the answer
      received(handleName, event);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    urlOf: (handleName) => `http://127.0.0.1:${port}/relay-demo/${handleName}`,
    use(credentials) {
      for (const c of credentials)
        bots.set(c.handle, { client: new RelayClient({ baseUrl: options.relayUrl, apiKey: c.apiKey }), secrets: c.secrets });
    },
    async open() {
      const [order, renewal, visit] = await Promise.all([
        conversation("helper", ORDER),
        conversation("helper", RENEWAL),
        conversation("scheduler", VISIT),
      ]);
      await bot("helper").createDraft(
        renewal.id,
        {
          body: "Hi Dev, your plan renews on 1 January. Shall I keep the same five seats, or send you a quote for more?",
          rationale: "Dev asked about renewing next month; the plan renews on 1 January.",
        },
        { idempotencyKey: "demo-open-draft" },
      );
      await bot("helper").sendMessage(
        order.id,
        {
          body: "Carla's parcel is two days late.",
          blocks: [
            {
              type: "approval_card",
              title: "Offer Carla free express shipping on her next order?",
              fields: [
                { label: "Order", value: "#1042" },
                { label: "Late by", value: "2 days" },
              ],
              actions: [
                { key: "offer", label: "Offer it", style: "primary" },
                { key: "skip", label: "Not now", style: "secondary" },
              ],
            },
          ],
        },
        { idempotencyKey: "demo-open-card" },
      );
      await bot("scheduler").sendMessage(
        visit.id,
        {
          body: "Carla, does Thursday at 10:00 work for the visit?",
          blocks: [{ type: "status_block", title: "Visit proposed: waiting for a person's approval", state: "queued" }],
        },
        { idempotencyKey: "demo-open-visit" },
      );
      await bot("helper").createAgentRequest(
        { to: "scheduler", type: "availability", question: "Is Thursday 10:00 free for Carla's visit?" },
        { idempotencyKey: "demo-open-ask" },
      );
      log({ opened: ["draft", "card", "held_message", "agent_request"] });
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await Promise.allSettled([...inFlight]);
    },
  };
}

function reply(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}
