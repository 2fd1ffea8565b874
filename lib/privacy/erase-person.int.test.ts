import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scanForCanaries } from "@/test/canary-scan";
import { plainHeaders as plain, startReceiver, type Receiver } from "@/test/receiver";
import { verifyWebhook } from "@/sdk/index";
import { storePersonAttachment } from "@/lib/attachments/store-attachment";
import { createConversation } from "@/lib/conversations/create-conversation";
import { db } from "@/lib/db/client";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { deliverNotifications } from "@/lib/notifications/deliver";
import { fanOut } from "@/lib/notifications/fan-out";
import { person } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { removePerson } from "./erase-person";
import { runErasure } from "./run-erasure";

// Issue 38, item 5, for a person: canaries as a person's name, e-mail and the text they wrote (a message with a file,
// an @-mention that notified someone and was e-mailed, the webhook deliveries and attempts that carried it); an
// admin removes them from the workspace and erases what they wrote; then no table, file or e-mail holds any of it, the
// bots are told (`person.erased`), and the conversation's other messages stay.

let receiver: Receiver;
let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");
const helper = () => world.bots[0]!;

beforeAll(async () => {
  receiver = await startReceiver();
  world = await seedWorld({ webhookUrl: receiver.url });
}, 60_000);
afterAll(() => receiver.close());

describe("erasing a person", () => {
  it("removes what they wrote and their account everywhere, keeps the others' messages, and tells the bots", async () => {
    const tag = randomBytes(5).toString("hex");
    const email = `pia.canary${tag}@example.org`;
    const canaries = [`canary${tag}`, email, `piawords${tag}`];
    const pia = await createPerson({
      email,
      name: `Pia Canary${tag}`,
      handle: `pia${tag}`,
      password: "correct horse battery",
      workspaceId: world.workspace.id,
    });
    const ben = world.people[1]!;
    const conversation = await createConversation(ana(), {
      workspaceId: world.workspace.id,
      title: "Pia's questions",
      userIds: [pia.id, ben.id],
      contactIds: [world.contacts[0]!.id],
      botIds: [helper().id],
    });
    const others = await postPersonMessage(ana(), { conversationId: conversation.id, body: "Ana's words stay" });
    const file = await storePersonAttachment(person(pia.id, "web"), {
      conversationId: conversation.id,
      file: { name: `pia-${tag}.txt`, type: "text/plain", bytes: Buffer.from(`from ${canaries[2]}`) },
    });
    const since = new Date();
    const posted = await postPersonMessage(person(pia.id, "web"), {
      conversationId: conversation.id,
      body: `@${ben.handle} ${canaries[2]}: write to ${email}`,
      attachmentIds: [file.id],
    });
    const messageId = (posted as { message: { id: string } }).message.id;
    for (const delivery of await db().webhookDelivery.findMany({ where: { createdAt: { gte: since } } }))
      await attemptDelivery(delivery.id);
    await fanOut({ event: "mention", id: messageId, actor: pia.id });
    await deliverNotifications({ userId: ben.id, workspaceId: world.workspace.id, channel: "email" }, new Date(Date.now() + 3_600_000));

    const before = await scanForCanaries(canaries);
    for (const place of [
      "public.users.email",
      "public.messages.body",
      "public.webhook_attempts.request_body",
      "public.notifications.body",
      "public.email_outbox.text_body",
    ])
      expect(before.some((found) => found.startsWith(`${place}:`)), place).toBe(true);
    expect(before.some((found) => !found.startsWith("public."))).toBe(true); // the file

    await expect(
      removePerson(ana(), { workspaceId: world.workspace.id, userId: pia.id, confirm: "someone@else.org", erase: true }),
    ).rejects.toMatchObject({ code: "invalid_body" });
    await expect(
      removePerson(person(ben.id, "web"), { workspaceId: world.workspace.id, userId: pia.id, confirm: email, erase: true }),
    ).rejects.toMatchObject({ code: "forbidden" });

    const removed = await removePerson(ana(), {
      workspaceId: world.workspace.id,
      userId: pia.id,
      confirm: email.toUpperCase(),
      erase: true,
    });
    expect(removed.account_erased).toBe(true);
    await runErasure(removed.erasure_id!);

    expect(await scanForCanaries(canaries)).toEqual([]);
    expect(await db().membership.count({ where: { userId: pia.id } })).toBe(0);
    // The others' words stay; hers keep their place, empty.
    const thread = await db().message.findMany({ where: { conversationId: conversation.id }, orderBy: { seq: "asc" } });
    expect(thread.find((m) => m.id === others.message.id)!.body).toBe("Ana's words stay");
    expect(thread.find((m) => m.id === messageId)).toMatchObject({ body: "", erasedAt: expect.any(Date) });

    const told = await db().webhookDelivery.findFirstOrThrow({ where: { eventType: "person.erased", botId: helper().id } });
    receiver.received.length = 0;
    await attemptDelivery(told.id);
    const [request] = await receiver.waitFor(1);
    const event = verifyWebhook(request!.body, plain(request!.headers), helper().signing_secret);
    expect(event).toMatchObject({ type: "person.erased", data: { person: { id: pia.id }, conversation_ids: [conversation.id] } });
  }, 120_000);

  it("erases a person in each workspace they leave: once per workspace, the account once none is left", async () => {
    const other = await seedWorld();
    const tag = randomBytes(4).toString("hex");
    const dora = await createPerson({ email: `dora${tag}@example.org`, name: "Dora", handle: `dora${tag}`, workspaceId: world.workspace.id });
    await db().membership.create({ data: { workspaceId: other.workspace.id, userId: dora.id } });
    const first = await removePerson(ana(), { workspaceId: world.workspace.id, userId: dora.id, confirm: dora.email, erase: true });
    expect(first.account_erased).toBe(false);
    const second = await removePerson(person(other.people[0]!.id, "web"), {
      workspaceId: other.workspace.id,
      userId: dora.id,
      confirm: dora.email,
      erase: true,
    });
    expect(second.account_erased).toBe(true);
    expect(await db().erasure.count({ where: { subjectId: dora.id } })).toBe(2);
    expect((await db().user.findUniqueOrThrow({ where: { id: dora.id } })).name).toBe("Erased person");
  }, 60_000);

  it("removes a person without erasing what they wrote; never the last admin", async () => {
    const ben = world.people[1]!;
    const kept = await postPersonMessage(person(ben.id, "web"), { conversationId: world.conversations[0]!.id, body: "Ben's words" });
    const removed = await removePerson(ana(), { workspaceId: world.workspace.id, userId: ben.id, confirm: ben.email, erase: false });
    expect(removed).toEqual({ erasure_id: null, account_erased: false });
    expect(await db().membership.count({ where: { userId: ben.id, workspaceId: world.workspace.id } })).toBe(0);
    expect((await db().message.findUniqueOrThrow({ where: { id: kept.message.id } })).body).toBe("Ben's words");
    await expect(
      removePerson(ana(), { workspaceId: world.workspace.id, userId: ana().userId, confirm: world.people[0]!.email, erase: false }),
    ).rejects.toMatchObject({ code: "conflict" });
  });
});
