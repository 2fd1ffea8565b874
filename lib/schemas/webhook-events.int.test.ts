import { isDeepStrictEqual } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { createAgentRequest } from "@/lib/agents/create-agent-request";
import { respondToAgentRequest } from "@/lib/agents/respond-to-agent-request";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { db } from "@/lib/db/client";
import { envelopeOf } from "@/lib/webhooks/envelope";
import { transaction } from "@/lib/db/sql";
import { systemActor } from "@/lib/people/actor";
import { SUBSCRIBABLE_EVENT_TYPES, EVENT_TYPES, type EventType } from "@/lib/webhooks/event-types";
import * as events from "@/lib/webhooks/events";
import { pingBot } from "@/lib/webhooks/ping-bot";
import { connectedPair, type Pair } from "@/test/agents";
import { WEBHOOK_EVENT_DATA, webhookEnvelope } from "./webhook-events";

// The webhook schemas describe exactly what is sent: every event type is produced by its function of
// lib/webhooks/events.ts (agent requests and pings by the domain that emits them), written to the database as the
// worker reads it, and its stored envelope parses with the schema of its type, strictly: a field the schema does not
// name fails, and so does a missing one.

const HOOK = "https://bots.example.com/hook";
let pair: Pair;

async function deliveriesSince(since: Date) {
  return (
    await db().webhookDelivery.findMany({ where: { createdAt: { gte: since } }, orderBy: { createdAt: "asc" } })
  ).map((row) => ({
    bot: row.botId,
    delivery: row.id,
    type: row.eventType as EventType,
    stored: row.payload as Record<string, unknown>,
    payload: envelopeOf(row) as unknown as Record<string, unknown>, // as sent
  }));
}

function expectStrict(
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown; error?: Error } },
  value: unknown,
  where: string,
) {
  const parsed = schema.safeParse(value);
  expect(parsed.success, `${where}: ${parsed.error?.message}`).toBe(true);
  expect(
    isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), value),
    `${where}: a field its schema does not name: ${JSON.stringify(value)}`,
  ).toBe(true);
}

beforeAll(async () => {
  pair = await connectedPair({ webhookA: HOOK, webhookB: HOOK });
  // Every event type, for the first bot of each side.
  for (const bot of [pair.a, pair.b])
    await db().bot.update({ where: { id: bot.id }, data: { eventTypes: [...SUBSCRIBABLE_EVENT_TYPES] } });
});

describe("webhook payloads against lib/schemas/webhook-events.ts", () => {
  it("every event type's stored envelope parses with its schema, strictly", async () => {
    const world = pair.worldA;
    const conversation = world.conversations.find((c) => c.bot_ids.includes(pair.a.id))!;
    const message = await db().message.findFirstOrThrow({ where: { conversationId: conversation.id } });
    const draft = "00000000-0000-4000-8000-00000000d4a7";
    const base = { workspaceId: world.workspace.id, conversationId: conversation.id, botId: pair.a.id };
    const since = new Date(Date.now() - 1000);

    await transaction(async (tx) => {
      const attachment = { name: "menu.pdf", type: "application/pdf", size: 48213, sha256: "9f".repeat(32) };
      await events.messageCreated(tx, {
        workspaceId: base.workspaceId,
        conversationId: base.conversationId,
        senderHandle: "ana",
        message: { id: message.id, seq: 1, body: `@${pair.a.handle} hello`, attachments: [attachment] },
      });
      await events.messageCreated(tx, {
        workspaceId: base.workspaceId,
        conversationId: base.conversationId,
        senderHandle: "ana",
        message: { id: message.id, seq: 1, body: "no files" },
      });
      await events.messageReceived(tx, {
        ...base,
        messageId: message.id,
        userHandle: "ana",
        action: { type: "form.submit", action_key: "book", values: { day: "2031-03-21", people: 4 } },
      });
      await events.botAdded(tx, { ...base, addedByHandle: "ana" });
      await events.draftApproved(tx, {
        ...base,
        draftId: draft,
        edited: true,
        approvedByHandle: "ana",
        message: { id: message.id, seq: 1, body: "Booked" },
      });
      await events.draftRejected(tx, { ...base, draftId: draft, rejectedByHandle: "ana" });
      await events.draftExpired(tx, { ...base, draftId: draft, origin: "held_message", expiredAt: new Date() });
      await events.followUpCancelled(tx, { ...base, draftId: draft, reason: "reply" });
      await events.contactErased(tx, {
        workspaceId: base.workspaceId,
        contactId: conversation.contact_id,
        conversationIds: [conversation.id],
        botIds: [pair.a.id],
      });
      await events.personErased(tx, {
        workspaceId: base.workspaceId,
        personId: world.people[1]!.id,
        conversationIds: [conversation.id],
        botIds: [pair.a.id],
      });
      await events.workspaceErased(tx, {
        workspaceId: base.workspaceId,
        conversationIds: [conversation.id],
        botIds: [pair.a.id],
      });
    });
    // Agent requests as the domain writes them: asked of B (created), answered by B (answered, to A).
    const asked = await createAgentRequest((await authenticateBot(pair.a.api_key))!, {
      input: {
        to: pair.b.handle,
        type: "info",
        question: "Open on Sunday?",
      },
    });
    await respondToAgentRequest((await authenticateBot(pair.b.api_key))!, {
      requestId: asked.id,
      input: { body: "Yes, 10 to 16." },
    });
    await pingBot(systemActor, pair.a.id);

    const delivered = await deliveriesSince(since);
    expect(new Set(delivered.map((d) => d.type))).toEqual(new Set(EVENT_TYPES));
    for (const { bot, delivery, type, stored, payload } of delivered) {
      const where = `${type} to ${bot}`;
      expectStrict(WEBHOOK_EVENT_DATA[type], payload.data, `${where} data`);
      // The whole envelope as sent, and as stored: this bot's delivery id, naming the bot.
      expectStrict(webhookEnvelope(type), payload, where);
      expect(stored, where).toEqual(payload);
      expect(payload.id, where).toBe(delivery);
      expect(payload.bot_id, where).toBe(bot);
    }
  });
});
