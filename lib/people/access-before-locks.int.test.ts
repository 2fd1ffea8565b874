import { beforeAll, describe, expect, it } from "vitest";
import { acceptConnection } from "@/lib/agents/accept-connection";
import { approveAgentRequest, declineAgentRequest } from "@/lib/agents/approve-agent-request";
import { createAgentRequest } from "@/lib/agents/create-agent-request";
import { revokeConnection } from "@/lib/agents/revoke-connection";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { takeOver } from "@/lib/conversations/take-over";
import { sql, transaction } from "@/lib/db/sql";
import { approveDraft, rejectDraft } from "@/lib/drafts/approve-draft";
import { createDraft } from "@/lib/drafts/create-draft";
import { confirmFact } from "@/lib/memory/decide-fact";
import { proposeFact } from "@/lib/memory/propose-fact";
import { submitCardAction } from "@/lib/messages/submit-card-action";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { connectedPair, type Pair } from "@/test/agents";
import { person, type PersonActor } from "./actor";

// A person's decision locks rows (a conversation, a draft, a card's message, a fact, an agent request, a connection)
// so that two decisions at once are served one after the other. Who may decide is checked before any lock: a person
// who may not see the row, or may not decide it, is refused at once, even while someone else holds the lock, and so
// can never make us wait on or take a lock. Each case holds the row's lock in another transaction and gives the
// refused person WAIT ms to be answered; one who may decide waits for the lock (the control), so the test can fail.

const WAIT = 1500;
let world: SeededWorld;
let pair: Pair;
let outsider: PersonActor;
let ids: { conversation: string; draft: string; message: string; fact: string; request: string };

beforeAll(async () => {
  world = await seedWorld();
  outsider = person((await seedWorld()).people[0]!.id, "web");
  pair = await connectedPair({ requiresApproval: true });
  const bot = (await authenticateBot(world.bots[0]!.api_key))!;
  const conversation = world.conversations[0]!.id;
  const [message] = await sql().unchecked<{ id: string }>("SELECT id FROM messages WHERE conversation_id = $1 LIMIT 1", [
    conversation,
  ]);
  const draft = await createDraft(bot, { conversationId: conversation, input: { body: "Shall I book Tuesday?" } });
  const fact = await proposeFact(bot, {
    contactId: world.contacts[0]!.id,
    input: {
      key: "billing.pay_day",
      fact: "Pays on the 5th",
      source_message_id: message!.id,
    },
  });
  const request = await createAgentRequest((await authenticateBot(pair.a.api_key))!, {
    input: {
      to: pair.b.handle,
      type: "availability",
      question: "Free on Monday?",
    },
  });
  ids = { conversation, draft: draft.id, message: message!.id, fact: fact.id, request: request.id };
});

/** Runs `attempt` while another transaction holds row `id` of `table`: what it answered, or "blocked". */
async function whileLocked(table: string, id: string, attempt: () => Promise<unknown>) {
  let late: Promise<unknown> = Promise.resolve();
  const outcome = await transaction(async (tx) => {
    await tx.unchecked(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
    late = attempt().then(
      () => "done",
      (error: unknown) => error,
    );
    return Promise.race([late, new Promise((resolve) => setTimeout(() => resolve("blocked"), WAIT))]);
  });
  await late; // a blocked attempt goes on once the lock is released
  return outcome;
}

const NOT_FOUND = (what: string) => ({ code: "not_found", message: `${what} not found` });
const FORBIDDEN = { code: "forbidden" };

describe("access before locks", () => {
  it("the control: one who may decide waits for the lock", async () => {
    const ana = person(world.people[0]!.id, "web");
    expect(await whileLocked("conversations", ids.conversation, () => takeOver(ana, ids.conversation))).toBe("blocked");
  });

  it("a draft: refused at once while its conversation is locked", async () => {
    expect(
      await whileLocked("conversations", ids.conversation, () => approveDraft(outsider, { draftId: ids.draft })),
    ).toMatchObject(NOT_FOUND("Draft"));
    expect(
      await whileLocked("conversations", ids.conversation, () => rejectDraft(outsider, { draftId: ids.draft })),
    ).toMatchObject(NOT_FOUND("Draft"));
  });

  it("a conversation to take over, a card's message, a fact", async () => {
    expect(await whileLocked("conversations", ids.conversation, () => takeOver(outsider, ids.conversation))).toMatchObject(
      NOT_FOUND("Conversation"),
    );
    expect(
      await whileLocked("messages", ids.message, () =>
        submitCardAction(outsider, { messageId: ids.message, actionKey: "yes" }),
      ),
    ).toMatchObject(NOT_FOUND("Message"));
    expect(
      await whileLocked("contact_facts", ids.fact, () => confirmFact(outsider, { factId: ids.fact })),
    ).toMatchObject(NOT_FOUND("Fact"));
  });

  it("an agent request and a connection: someone of neither side is refused at once", async () => {
    const member = person(pair.worldA.people[1]!.id, "web"); // of the asking side, but manages none of its bots
    expect(
      await whileLocked("agent_requests", ids.request, () => approveAgentRequest(member, { requestId: ids.request })),
    ).toMatchObject(FORBIDDEN);
    expect(
      await whileLocked("agent_requests", ids.request, () => declineAgentRequest(member, { requestId: ids.request })),
    ).toMatchObject(FORBIDDEN);
    expect(await whileLocked("bot_connections", pair.connectionId, () => acceptConnection(outsider, pair.connectionId))).toMatchObject(
      FORBIDDEN,
    );
    expect(await whileLocked("bot_connections", pair.connectionId, () => revokeConnection(outsider, pair.connectionId))).toMatchObject(
      FORBIDDEN,
    );
  });
});
