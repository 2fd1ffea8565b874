import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { createBot } from "@/lib/bots/create-bot";
import { setBotStatus } from "@/lib/bots/set-bot-status";
import { authorizeBot, removeBot } from "@/lib/conversations/authorize-bot";
import { blockBot } from "@/lib/conversations/block-bot";
import { createConversation } from "@/lib/conversations/create-conversation";
import { approveDraft, rejectDraft } from "@/lib/drafts/approve-draft";
import { createDraft } from "@/lib/drafts/create-draft";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { sendMessage } from "@/lib/messages/send-message";
import { submitCardAction } from "@/lib/messages/submit-card-action";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { SendMessageRequest } from "@/lib/schemas/messages";

// Which bot hears what (docs/api-contract.md#events): every event type, written with the change that causes it, to the
// bots that stand authorized in the conversation and want it, and to no one else.

const HOOK = "https://bots.example.com/hook";
let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");

async function eventsSince(since: Date) {
  const rows = await db().webhookDelivery.findMany({ where: { createdAt: { gte: since } }, orderBy: { createdAt: "asc" } });
  return rows.map((row) => ({ bot: row.botId, type: row.eventType, data: (row.payload as { data: Record<string, unknown> }).data }));
}

async function freshConversation(botIds: string[]) {
  const conversation = await createConversation(ana(), { workspaceId: world.workspace.id, userIds: [world.people[1]!.id], botIds });
  return conversation.id;
}

async function newBot(handle: string, eventTypes?: string[]) {
  const { bot, apiKey } = await createBot(systemActor, { workspaceId: world.workspace.id, handle, name: handle, webhookUrl: HOOK, eventTypes, established: true });
  return { id: bot.id, key: apiKey };
}

beforeAll(async () => {
  world = await seedWorld({ webhookUrl: HOOK });
});

describe("events reach the bots authorized in the conversation, and only them", () => {
  it("conversation.bot_added goes to the added bot, with who added it", async () => {
    const since = new Date();
    const bot = await newBot(`added-${Date.now()}`);
    const conversationId = await freshConversation([]);
    await authorizeBot(ana(), { conversationId, botId: bot.id });
    await authorizeBot(ana(), { conversationId, botId: bot.id }); // already there: no second event
    expect(await eventsSince(since)).toEqual([
      { bot: bot.id, type: "conversation.bot_added", data: { conversation_id: conversationId, added_by: { type: "human", handle: world.people[0]!.handle } } },
    ]);
  });

  it("message.created skips removed, blocked, stopped and unsubscribed bots, and bots with no webhook URL", async () => {
    const stamp = Date.now();
    const [listening, removed, blocked, stopped, unsubscribed] = await Promise.all(
      ["listening", "removed", "blocked", "stopped", "unsubscribed"].map((name) => newBot(`${name}-${stamp}`, name === "unsubscribed" ? ["draft.approved"] : undefined)),
    );
    const silent = await createBot(systemActor, { workspaceId: world.workspace.id, handle: `silent-${stamp}`, name: "silent" });
    const conversationId = await freshConversation([listening!, removed!, blocked!, stopped!, unsubscribed!].map((b) => b.id).concat(silent.bot.id));
    await removeBot(ana(), { conversationId, botId: removed!.id });
    await blockBot(ana(), { conversationId, botId: blocked!.id });
    await setBotStatus(systemActor, { botId: stopped!.id, status: "stopped" });

    const since = new Date();
    await postPersonMessage(person(world.people[1]!.id, "web"), { conversationId, body: "Anyone there?" });
    const events = await eventsSince(since);
    expect(events.map((e) => [e.bot, e.type])).toEqual([[listening!.id, "message.created"]]);
    expect(events[0]!.data).toMatchObject({ message: { body: "Anyone there?", sender: { type: "human", handle: world.people[1]!.handle }, mentioned: false } });
  });

  it("draft.approved and draft.rejected go to the draft's bot; a reply cancels its follow-up (follow_up.cancelled)", async () => {
    const bot = await newBot(`drafter-${Date.now()}`, ["draft.approved", "draft.rejected", "follow_up.cancelled"]);
    const conversationId = await freshConversation([bot.id]);
    const principal = (await authenticateBot(bot.key))!;
    const first = await createDraft(principal, {
      conversationId,
      input: { body: "Shall I confirm Tuesday?", follow_up: { body: "Still on for Tuesday?", delay_minutes: 60 } },
    });
    const second = await createDraft(principal, { conversationId, input: { body: "Or Wednesday?" } });

    const since = new Date();
    const approved = await approveDraft(ana(), { draftId: first.id, body: "Shall I confirm Tuesday at 10?" });
    await rejectDraft(ana(), { draftId: second.id });
    await postPersonMessage(ana(), { conversationId, body: "Thanks, all set." });
    expect(await eventsSince(since)).toEqual([
      {
        bot: bot.id,
        type: "draft.approved",
        data: {
          conversation_id: conversationId,
          draft_id: first.id,
          edited: true,
          approved_by: { handle: world.people[0]!.handle },
          message: { id: approved.message!.id, seq: approved.message!.seq, body: "Shall I confirm Tuesday at 10?" },
        },
      },
      { bot: bot.id, type: "draft.rejected", data: { conversation_id: conversationId, draft_id: second.id, rejected_by: { handle: world.people[0]!.handle } } },
      { bot: bot.id, type: "follow_up.cancelled", data: { conversation_id: conversationId, draft_id: first.id, reason: "reply" } },
    ]);
  });

  it("message.received: a card action or a checked form submission goes to the card's bot only", async () => {
    const bot = await newBot(`carder-${Date.now()}`);
    const other = await newBot(`other-${Date.now()}`);
    const conversationId = await freshConversation([bot.id, other.id]);
    const principal = (await authenticateBot(bot.key))!;
    const sent = await sendMessage(principal, {
      conversationId,
      input: SendMessageRequest.parse({
        blocks: [
          {
            type: "approval_card",
            title: "Confirm the booking?",
            fields: [],
            actions: [
              { key: "approve", label: "Approve", style: "primary" },
              { key: "deny", label: "Deny", style: "secondary" },
            ],
          },
          {
            type: "form_card",
            title: "Pick a slot",
            submit: { key: "book", label: "Book" },
            inputs: [
              { type: "date", name: "day", label: "Day", required: true },
              { type: "number", name: "people", label: "People", min: 1, max: 8 },
            ],
          },
        ],
      }),
    });
    if (sent.status !== "sent") throw new Error(`expected a sent message, got ${sent.status}`);
    const messageId = sent.message.id;

    const since = new Date();
    await submitCardAction(ana(), { messageId, actionKey: "approve" });
    await submitCardAction(ana(), { messageId, actionKey: "book", values: { day: "2030-05-01", people: "3" } });
    await expect(
      submitCardAction(ana(), { messageId, actionKey: "book", values: { people: 3 } }),
    ).rejects.toMatchObject({ code: "invalid_body", message: "Day is required" });
    await expect(
      submitCardAction(ana(), { messageId, actionKey: "book", values: { day: "2030-05-01", people: 20 } }),
    ).rejects.toMatchObject({ code: "invalid_body" });
    await expect(
      submitCardAction(ana(), { messageId, actionKey: "book", values: { day: "2030-05-01", pets: 1 } }),
    ).rejects.toMatchObject({ code: "invalid_body" });
    await expect(submitCardAction(ana(), { messageId, actionKey: "launch" })).rejects.toMatchObject({
      code: "invalid_body",
    });
    const user = { type: "human", handle: world.people[0]!.handle };
    expect(await eventsSince(since)).toEqual([
      { bot: bot.id, type: "message.received", data: { conversation_id: conversationId, message_id: messageId, action: { type: "card.action", action_key: "approve", values: {} }, user } },
      { bot: bot.id, type: "message.received", data: { conversation_id: conversationId, message_id: messageId, action: { type: "form.submit", action_key: "book", values: { day: "2030-05-01", people: 3 } }, user } },
    ]);
    const message = await db().message.findUniqueOrThrow({ where: { id: messageId } });
    expect((message.metadata as { responses: unknown[] }).responses).toHaveLength(2);
  });

  it("a person outside the conversation cannot act on its cards", async () => {
    const outsider = await seedWorld();
    const message = await db().message.findFirstOrThrow({ where: { conversationId: world.conversations[0]!.id } });
    // Out of sight, the card answers like a message that does not exist.
    await expect(
      submitCardAction(person(outsider.people[0]!.id, "web"), { messageId: message.id, actionKey: "approve" }),
    ).rejects.toMatchObject({ code: "not_found", message: "Message not found" });
  });
});
