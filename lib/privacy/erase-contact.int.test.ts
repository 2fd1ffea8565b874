import { randomBytes, randomInt } from "node:crypto";
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, idem } from "@/test/api/client";
import { scanForCanaries } from "@/test/canary-scan";
import { plainHeaders as plain, startReceiver, type Receiver } from "@/test/receiver";
import { verifyWebhook } from "@/sdk/index";
import { readZip } from "@/test/read-zip";
import { storePersonAttachment } from "@/lib/attachments/store-attachment";
import { getContact } from "@/lib/contacts/get-contact";
import { updateContact } from "@/lib/contacts/update-contact";
import { db } from "@/lib/db/client";
import { confirmFact } from "@/lib/memory/decide-fact";
import { embedPending } from "@/lib/memory/embed-pending";
import { cachedConversations } from "@/lib/memory/vector-cache";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { deliverNotifications } from "@/lib/notifications/deliver";
import { fanOut } from "@/lib/notifications/fan-out";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { replayDelivery } from "@/lib/webhooks/replay-delivery";
import { eraseContact } from "./erase-contact";
import { runErasure } from "./run-erasure";
import { archivePath, buildExport } from "./build-export";
import { exportToDownload, listExports, requestExport } from "./request-export";

// Issue 38, item 5: canaries planted as a contact's name, e-mail, phone and the text of their messages, sent
// everywhere (messages, a file, a fact, search's words and vectors, a context pack, webhook payloads and attempts, a
// bot's stored response, a held message, its notification and e-mail); the contact erased; then every text, JSON and
// bytea column of every table, the attachments folder and this process's vector cache hold none of them, and every
// door answers for the contact as for an unknown one. Then the same with the job killed in the middle.

let receiver: Receiver;
let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");
const helper = () => world.bots[0]!;
const scheduler = () => world.bots[1]!;

beforeAll(async () => {
  receiver = await startReceiver();
  world = await seedWorld({ webhookUrl: receiver.url });
}, 60_000);
afterAll(() => receiver.close());

interface Planted {
  contactId: string;
  conversationIds: string[];
  canaries: string[];
  name: string;
}

/** The canaries of one contact, planted everywhere a contact's data goes. */
async function plant(contact: SeededWorld["contacts"][number]): Promise<Planted> {
  const tag = randomBytes(5).toString("hex");
  const phoneDigits = String(randomInt(100_000, 999_999));
  const name = `Zora Canary${tag}`;
  const email = `canary.${tag}@example.org`;
  const text = `canarytext${tag}`;
  const canaries = [`canary${tag}`, email, phoneDigits, text];
  const conversationIds = world.conversations.filter((c) => c.contact_id === contact.id).map((c) => c.id);
  const [first] = conversationIds;

  await updateContact(ana(), {
    contactId: contact.id,
    details: { name, email, phone: `+44 7700 ${phoneDigits}` },
  });
  for (const id of conversationIds)
    await db().conversation.update({ where: { id }, data: { title: `Order for ${name}` } });

  // A person's message with a file: its words, its stored search words, its deliveries to the bots.
  const file = await storePersonAttachment(ana(), {
    conversationId: first!,
    file: { name: `notes-${tag}.txt`, type: "text/plain", bytes: Buffer.from(`Notes about ${name}: ${text}`) },
  });
  const since = new Date();
  const posted = await postPersonMessage(ana(), {
    conversationId: first!,
    body: `${text}: ${name} asked to be called on +44 7700 ${phoneDigits}`,
    attachmentIds: [file.id],
  });
  const messageId = (posted as { message: { id: string } }).message.id;
  // The webhook attempts keep the request as sent.
  const deliveries = await db().webhookDelivery.findMany({ where: { createdAt: { gte: since } } });
  expect(deliveries.length).toBeGreaterThan(0);
  for (const delivery of deliveries) await attemptDelivery(delivery.id);

  // A bot's send with an idempotency key: its stored response quotes the message.
  const sent = await api("POST", `/conversations/${first}/messages`, {
    key: helper().api_key,
    body: { body: `Noted, ${name}: ${text}` },
    idempotencyKey: idem(),
  });
  expect(sent.status).toBe(201);

  // A new bot's message is held: a draft, a notification, an e-mail in the outbox (where the new bot takes part).
  if (world.conversations.find((c) => c.id === first)!.bot_ids.includes(scheduler().id)) await hold(first!, { name, email, text });

  // A fact citing the message, confirmed; its vectors and the messages' with it.
  const proposed = await api("POST", `/contacts/${contact.id}/facts`, {
    key: helper().api_key,
    body: { fact: `${name} prefers ${text}`, key: `pref.canary${tag}`, source_message_id: messageId },
    idempotencyKey: idem(),
  });
  expect(proposed.status).toBe(201);
  await confirmFact(ana(), { factId: proposed.body.data.id });
  await embedPending({ budgetMs: 60_000 });

  // Search and the context pack find them (and the search fills this process's vector cache).
  const search = await api("GET", `/contacts/${contact.id}/search?q=${encodeURIComponent(`${text} called`)}`, {
    key: helper().api_key,
  });
  expect(search.status).toBe(200);
  expect(JSON.stringify(search.body)).toContain(text);
  const pack = await api("GET", `/contacts/${contact.id}/context`, { key: helper().api_key });
  expect(JSON.stringify(pack.body)).toContain(text);

  return { contactId: contact.id, conversationIds, canaries, name };
}

async function hold(conversationId: string, { name, email, text }: { name: string; email: string; text: string }) {
  const held = await api("POST", `/conversations/${conversationId}/messages`, {
    key: scheduler().api_key,
    body: { body: `Shall I book ${name} (${email}) for ${text}?` },
    idempotencyKey: idem(),
  });
  expect(held.status).toBe(202);
  const draft = await db().draft.findFirstOrThrow({ where: { conversationId, status: "pending" } });
  await fanOut({ event: "draft", id: draft.id });
  await deliverNotifications(
    { userId: world.people[0]!.id, workspaceId: world.workspace.id, channel: "email" },
    new Date(Date.now() + 3_600_000),
  );
}

/** After the erasure: nothing anywhere, and the contact unknown at every door. */
async function expectGone({ contactId, conversationIds, canaries }: Planted) {
  expect(await scanForCanaries(canaries)).toEqual([]);
  for (const id of conversationIds) expect(cachedConversations()).not.toContain(id);
  for (const [method, path, body] of [
    ["GET", `/contacts/${contactId}/context`, undefined],
    ["GET", `/contacts/${contactId}/search?q=anything`, undefined],
    ["POST", `/contacts/${contactId}/facts`, { fact: "x", key: "a.b", source_message_id: contactId }],
  ] as const) {
    const answer = await api(method, path, { key: helper().api_key, body, idempotencyKey: idem() });
    expect(answer.status, `${method} ${path}`).toBe(404);
  }
  await expect(getContact(ana(), contactId)).rejects.toMatchObject({ code: "not_found" });
}

describe("erasing a contact", () => {
  it("leaves none of its canaries in any table, file or cache, tells the bots, and every door answers 404", async () => {
    const planted = await plant(world.contacts[0]!);
    const before = await scanForCanaries(planted.canaries);
    // The scan finds what was planted, where it was put: it is not a check that cannot fail.
    for (const place of [
      "public.contacts.name",
      "public.messages.body",
      "public.messages.search_words",
      "public.webhook_deliveries.payload",
      "public.webhook_attempts.request_body",
      "public.idempotency_keys.response_body",
      "public.drafts.body",
      "public.notifications.body",
      "public.email_outbox.text_body",
      "public.contact_facts.fact",
    ])
      expect(before.some((found) => found.startsWith(`${place}:`)), place).toBe(true);
    expect(before.some((found) => !found.startsWith("public."))).toBe(true); // the attachment's file
    expect(cachedConversations()).toContain(planted.conversationIds[0]);
    const seqs = await db().message.count({ where: { conversationId: { in: planted.conversationIds } } });

    await expect(eraseContact(ana(), { contactId: planted.contactId, confirm: "someone else" })).rejects.toMatchObject({
      code: "invalid_body",
    });
    // The admin's export holds every canary: each section, and the file's bytes.
    const asked = await requestExport(ana(), {
      workspaceId: world.workspace.id,
      subjectType: "contact",
      subjectId: planted.contactId,
    });
    await buildExport(asked.id);
    const [ready] = await listExports(ana(), { workspaceId: world.workspace.id, exportId: asked.id });
    expect(ready).toMatchObject({ status: "ready", progress: { "messages.jsonl": seqs } });
    const archive = await readZip(archivePath(asked.id));
    const text = (name: string) => archive.get(name)?.toString("utf8") ?? "";
    expect(text("README.md")).toContain("JSON Lines");
    const everything = [...archive.values()].map((bytes) => bytes.toString("utf8")).join("\n").toLowerCase();
    for (const canary of planted.canaries) expect(everything).toContain(canary.toLowerCase());
    expect(text("messages.jsonl")).toContain(planted.canaries[3]!);
    expect(text("contact.jsonl")).toContain(planted.name);
    expect(text("facts.jsonl")).toContain(planted.canaries[3]!);
    const files = [...archive.keys()].filter((name) => name.startsWith("files/"));
    expect(files).toHaveLength(1);
    expect(archive.get(files[0]!)!.toString()).toContain(planted.canaries[3]!);
    // Another person, or an altered link, gets nothing.
    const token = ready!.download_path!.split("/").at(-1)!;
    await expect(exportToDownload(person(world.people[1]!.id, "web"), token)).rejects.toMatchObject({ code: "not_found" });
    await expect(exportToDownload(ana(), `${token.slice(0, -2)}xx`)).rejects.toMatchObject({ code: "not_found" });
    expect(await exportToDownload(ana(), token)).toMatchObject({ exportId: asked.id });
    await rm(archivePath(asked.id)); // the archive is the admin's now; the scan below looks at what Relay keeps

    const since = new Date();
    const started = await eraseContact(ana(), { contactId: planted.contactId, confirm: ` ${planted.name.toUpperCase()} ` });
    await runErasure(started.erasure_id);

    await expectGone(planted);
    // The messages' rows stay, empty, so sequence numbers and threads hold.
    expect(await db().message.count({ where: { conversationId: { in: planted.conversationIds } } })).toBe(seqs);
    const erasure = await db().erasure.findUniqueOrThrow({ where: { id: started.erasure_id } });
    expect(erasure).toMatchObject({ status: "done", step: "done", subjectId: planted.contactId });

    // An erased delivery cannot be replayed: nothing is left to send.
    const erasedDelivery = await db().webhookDelivery.findFirstOrThrow({
      where: { conversationId: planted.conversationIds[0], eventType: "message.created" },
    });
    await expect(replayDelivery(systemActor, erasedDelivery.id)).rejects.toMatchObject({ code: "conflict" });

    // Each bot that was in the contact's conversations is told, by ids only, and verifies it with the SDK.
    const told = await db().webhookDelivery.findMany({ where: { eventType: "contact.erased", createdAt: { gte: since } } });
    expect(told.map((d) => d.botId).sort()).toEqual([helper().id, scheduler().id].sort());
    receiver.received.length = 0;
    const mine = told.find((d) => d.botId === helper().id)!;
    await attemptDelivery(mine.id);
    const [request] = await receiver.waitFor(1);
    const event = verifyWebhook(request!.body, plain(request!.headers), helper().signing_secret);
    expect(event).toMatchObject({
      type: "contact.erased",
      bot_id: helper().id,
      data: { contact: { id: planted.contactId }, conversation_ids: [...planted.conversationIds].sort() },
    });
  }, 180_000);

  it("finishes the same when the job is killed in the middle and run again", async () => {
    const planted = await plant(world.contacts[1]!);
    const started = await eraseContact(ana(), { contactId: planted.contactId, confirm: planted.name });
    let batches = 0;
    await expect(
      runErasure(started.erasure_id, {
        beforeBatch: () => {
          if (++batches === 4) throw new Error("worker killed");
        },
      }),
    ).rejects.toThrow("worker killed");
    const halfway = await db().erasure.findUniqueOrThrow({ where: { id: started.erasure_id } });
    expect(halfway.status).toBe("running");
    expect(halfway.step).not.toBe("messages");

    await runErasure(started.erasure_id);
    await expectGone(planted);
    expect(await db().erasure.findUniqueOrThrow({ where: { id: started.erasure_id } })).toMatchObject({ status: "done" });
  }, 180_000);
});
