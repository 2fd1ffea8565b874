import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { acceptConnection } from "@/lib/agents/accept-connection";
import { createAgentRequest } from "@/lib/agents/create-agent-request";
import { listPendingAgentRequests } from "@/lib/agents/list-pending-agent-requests";
import { proposeConnection } from "@/lib/agents/propose-connection";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { createBot } from "@/lib/bots/create-bot";
import { createContact } from "@/lib/contacts/create-contact";
import { createConversation } from "@/lib/conversations/create-conversation";
import { listPendingApprovals } from "@/lib/drafts/list-pending-approvals";
import { proposeFact } from "@/lib/memory/propose-fact";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { sendMessage } from "@/lib/messages/send-message";
import { createPerson } from "@/lib/people/create-person";
import { person, type PersonActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { queued } from "@/test/notifications";
import type { NotifyEvent } from "./enqueue";
import { whoIsTold } from "./recipients";

// Who is told what (lib/notifications/recipients.ts), on a real database: the people who may decide a draft are
// exactly those the approvals inbox lists it for, the people who may approve a bot-to-bot request exactly those it
// waits for, and so on; never a former member, never the actor. Every event's job is enqueued by the change itself.

let world: SeededWorld;
let mia: { id: string; handle: string }; // a member who takes part in nothing
let newBot: BotPrincipal;
let onlyAna: string; // a conversation only Ana (the admin) takes part in, with the new bot
const ana = () => person(world.people[0]!.id, "web");
const ben = () => person(world.people[1]!.id, "web");
const members = () => [ana(), ben(), person(mia.id, "web")];

const lastJob = async () => (await queued("notify")).at(-1)!.payload as unknown as NotifyEvent;

beforeAll(async () => {
  world = await seedWorld();
  const created = await createPerson({
    email: `mia.${world.workspace.slug}@demo.relay.test`,
    name: "Mia Rossi",
    handle: `mia.${world.workspace.slug.slice(-8)}`,
    password: "relay-demo-1",
    workspaceId: world.workspace.id,
  });
  mia = { id: created.id, handle: created.handle };
  newBot = (await authenticateBot(world.bots[1]!.api_key))!;
  const conversation = await createConversation(ana(), {
    workspaceId: world.workspace.id,
    title: "Ana alone",
    contactIds: [world.contacts[1]!.id],
    botIds: [newBot.id],
  });
  onlyAna = conversation.id;
});

async function heldIn(conversationId: string) {
  const result = await sendMessage(newBot, { conversationId, input: { body: "Held", blocks: undefined } });
  if (result.status !== "pending_approval") throw new Error("expected a hold");
  return result.approvalId;
}

/** Whether each member is told, and whether the inbox lists it for them: the two must agree. */
async function agreesWithInbox(draftId: string, list: (actor: PersonActor) => Promise<{ id: string }[]>) {
  const told = (await whoIsTold({ event: "draft", id: draftId }))!.userIds;
  for (const member of members()) {
    const listed = (await list(member)).some((d) => d.id === draftId);
    expect(told.includes(member.userId), `member ${member.userId}`).toBe(listed);
  }
  return told;
}

describe("a draft or held message", () => {
  it("is told to exactly the people the approvals inbox lists it for: participants and admins", async () => {
    const everyone = await heldIn(world.conversations[0]!.id);
    expect(await lastJob()).toEqual({ event: "draft", id: everyone }); // enqueued with the hold
    const listFor = (actor: PersonActor) => listPendingApprovals(actor, { workspaceId: world.workspace.id });
    expect((await agreesWithInbox(everyone, listFor)).sort()).toEqual([ana().userId, ben().userId].sort());
    const adminsOnly = await heldIn(onlyAna);
    expect(await agreesWithInbox(adminsOnly, listFor)).toEqual([ana().userId]);
    // Its reminder and its expiry: the same people.
    expect(await whoIsTold({ event: "draft_reminder", id: everyone })).toEqual(
      await whoIsTold({ event: "draft", id: everyone }),
    );
    expect((await whoIsTold({ event: "draft_expired", id: adminsOnly }))!.userIds).toEqual([ana().userId]);
  });

  it("never a former member, though still listed as a participant", async () => {
    const outsider = await seedWorld();
    const leaver = person(outsider.people[1]!.id, "web");
    const bot = (await authenticateBot(outsider.bots[1]!.api_key))!;
    await db().membership.deleteMany({ where: { userId: leaver.userId, workspaceId: outsider.workspace.id } });
    const result = await sendMessage(bot, {
      conversationId: outsider.conversations[0]!.id,
      input: { body: "Held", blocks: undefined },
    });
    if (result.status !== "pending_approval") throw new Error("expected a hold");
    expect((await whoIsTold({ event: "draft", id: result.approvalId }))!.userIds).toEqual([outsider.people[0]!.id]);
  });

  it("an unknown draft tells nobody", async () => {
    expect(await whoIsTold({ event: "draft", id: crypto.randomUUID() })).toBeNull();
  });
});

describe("a bot-to-bot request waiting for approval", () => {
  it("is told to the asking bot's managers (its workspace's admins and who registered it), as its inbox lists it", async () => {
    const other = await seedWorld();
    const { bot, apiKey } = await createBot(ben(), {
      workspaceId: world.workspace.id,
      handle: `bens-asker-${world.workspace.slug.slice(-8)}`,
      name: "Ben's asker",
      webhookUrl: null,
    });
    const connection = await proposeConnection(ana(), {
      botId: bot.id,
      otherWorkspace: other.workspace.slug,
      otherHandle: other.bots[0]!.handle,
      typesToOther: ["info"],
      typesFromOther: [],
      requiresApproval: true,
    });
    await acceptConnection(person(other.people[0]!.id, "web"), connection.id);
    const asker = (await authenticateBot(apiKey))!;
    const request = await createAgentRequest(asker, {
      input: { to: other.bots[0]!.handle, type: "info", question: "When?" },
    });
    expect(request.status).toBe("pending_approval");
    expect(await lastJob()).toEqual({ event: "agent_request", id: request.id });
    const told = (await whoIsTold({ event: "agent_request", id: request.id }))!;
    expect(told).toEqual({ workspaceId: world.workspace.id, userIds: [ana().userId, ben().userId].sort() });
    for (const member of members()) {
      const listed = (await listPendingAgentRequests(member, { workspaceId: world.workspace.id })).some(
        (r) => r.id === request.id,
      );
      expect(told.userIds.includes(member.userId)).toBe(listed);
    }
  });
});

describe("a candidate fact", () => {
  it("is told to the members who take part in a conversation with its contact; nobody there: the admins", async () => {
    const established = (await authenticateBot(world.bots[0]!.api_key))!; // in conversations with Carla and Dev
    const source = (await db().message.findFirstOrThrow({ where: { conversationId: world.conversations[0]!.id } })).id;
    const fact = await proposeFact(established, {
      contactId: world.contacts[0]!.id,
      input: {
        key: "billing.pay_day",
        fact: "Pays on the 1st",
        source_message_id: source,
      },
    });
    expect(await lastJob()).toEqual({ event: "fact", id: fact.id });
    expect((await whoIsTold({ event: "fact", id: fact.id }))!.userIds).toEqual([ana().userId, ben().userId].sort());

    // A contact whose only conversation nobody takes part in any more: its workspace's admins hear of it.
    const zed = await createContact(ana(), { workspaceId: world.workspace.id, name: "Zed" });
    const conversation = await createConversation(ana(), {
      workspaceId: world.workspace.id,
      title: "With Zed",
      contactIds: [zed.id],
      botIds: [established.id],
    });
    const message = await postPersonMessage(ana(), { conversationId: conversation.id, body: "Zed pays late" });
    await db().conversationParticipant.deleteMany({ where: { conversationId: conversation.id, userId: ana().userId } });
    const lonely = await proposeFact(established, {
      contactId: zed.id,
      input: {
        key: "billing.habit",
        fact: "Pays late",
        source_message_id: message.message.id,
      },
    });
    expect((await whoIsTold({ event: "fact", id: lonely.id }))!.userIds).toEqual([ana().userId]);
  });
});

describe("a mention", () => {
  it("tells the members @-named who may see the conversation, never its author", async () => {
    const { message } = await postPersonMessage(ana(), {
      conversationId: onlyAna,
      body: `@${world.people[0]!.handle} @${world.people[1]!.handle}. @${mia.handle}, and write to ana@example.com`,
    });
    expect(await lastJob()).toEqual({ event: "mention", id: message.id, actor: ana().userId });
    // Ben and Mia are members but do not take part in this conversation: they may not see it.
    expect(await whoIsTold({ event: "mention", id: message.id, actor: ana().userId })).toEqual({
      workspaceId: world.workspace.id,
      userIds: [],
    });
    const { message: visible } = await postPersonMessage(ben(), {
      conversationId: world.conversations[0]!.id,
      body: `@${world.people[0]!.handle}. And @${world.people[1]!.handle} (me) and @${mia.handle}`,
    });
    expect((await whoIsTold({ event: "mention", id: visible.id, actor: ben().userId }))!.userIds).toEqual([
      ana().userId, // an admin sees every conversation; Mia does not take part; Ben wrote it
    ]);
  });

  it("a message without an @handle enqueues nothing", async () => {
    const before = (await queued("notify")).length;
    await postPersonMessage(ben(), {
      conversationId: world.conversations[0]!.id,
      body: "No one named here (mail me at ben@example.com)",
    });
    expect((await queued("notify")).length).toBe(before);
  });
});
