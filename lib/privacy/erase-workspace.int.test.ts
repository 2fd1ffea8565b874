import { randomBytes } from "node:crypto";
import { access } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, idem } from "@/test/api/client";
import { scanForCanaries } from "@/test/canary-scan";
import { plainHeaders as plain, startReceiver, type Receiver } from "@/test/receiver";
import { verifyWebhook } from "@/sdk/index";
import { storePersonAttachment } from "@/lib/attachments/store-attachment";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { openWorkspace } from "@/lib/chat/open-workspace";
import { updateContact } from "@/lib/contacts/update-contact";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { confirmFact } from "@/lib/memory/decide-fact";
import { embedPending } from "@/lib/memory/embed-pending";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { deliverNotifications } from "@/lib/notifications/deliver";
import { fanOut } from "@/lib/notifications/fan-out";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { setWorkspaceStatus } from "@/lib/workspaces/set-workspace-status";
import { archivePath, buildExport } from "./build-export";
import { deleteWorkspace } from "./erase-workspace";
import { requestExport } from "./request-export";
import { AWAIT_BOTS_MAX_MS, runErasure } from "./run-erasure";

// Issue 38, `workspace.erased`: a workspace deleted. Canaries planted as its name, a contact's details, people's and
// bots' messages, a file, a fact and its vectors, a held message's notification and e-mail, webhook payloads and an
// export archive; the workspace deleted; then its doors are closed at once, its bots are told and verify the event
// with the SDK, and once the job is done no table or file holds any canary, and no row of the workspace is left. The
// other workspace, with canaries of its own, keeps every one.

let receiver: Receiver;
let doomed: SeededWorld;
let kept: SeededWorld;

beforeAll(async () => {
  receiver = await startReceiver();
  doomed = await seedWorld({ webhookUrl: receiver.url });
  kept = await seedWorld({ webhookUrl: receiver.url });
}, 120_000);
afterAll(() => receiver.close());

async function plant(world: SeededWorld) {
  const tag = randomBytes(5).toString("hex");
  const canaries = [`wsname${tag}`, `contact${tag}`, `words${tag}`, `botwords${tag}`, `factwords${tag}`];
  const ana = person(world.people[0]!.id, "web");
  await db().workspace.update({ where: { id: world.workspace.id }, data: { name: `Shop ${canaries[0]}` } });
  const contact = world.contacts[0]!;
  await updateContact(ana, { contactId: contact.id, details: { name: `Zed ${canaries[1]}`, email: `${canaries[1]}@example.org`, phone: "" } });
  // Its audit details keep what a contact was called before a change.
  await updateContact(ana, { contactId: world.contacts[1]!.id, details: { name: `Old ${canaries[1]}`, email: "", phone: "" } });
  await updateContact(ana, { contactId: world.contacts[1]!.id, details: { name: "Renamed", email: "", phone: "" } });
  const conversation = world.conversations.find((c) => c.contact_id === contact.id)!;
  const file = await storePersonAttachment(ana, {
    conversationId: conversation.id,
    file: { name: `${tag}.txt`, type: "text/plain", bytes: Buffer.from(`file ${canaries[2]}`) },
  });
  const since = new Date();
  const posted = await postPersonMessage(ana, {
    conversationId: conversation.id,
    body: `${canaries[2]} for Zed`,
    attachmentIds: [file.id],
  });
  for (const delivery of await db().webhookDelivery.findMany({ where: { createdAt: { gte: since } } }))
    await attemptDelivery(delivery.id);
  const sent = await api("POST", `/conversations/${conversation.id}/messages`, {
    key: world.bots[0]!.api_key,
    body: { body: `Noted: ${canaries[3]}` },
    idempotencyKey: idem(),
  });
  expect(sent.status).toBe(201);
  const fact = await api("POST", `/contacts/${contact.id}/facts`, {
    key: world.bots[0]!.api_key,
    body: { fact: `Zed likes ${canaries[4]}`, key: `pref.canary${tag}`, source_message_id: posted.message.id },
    idempotencyKey: idem(),
  });
  expect(fact.status).toBe(201);
  await confirmFact(ana, { factId: fact.body.data.id });
  await embedPending({ budgetMs: 60_000 });
  // A new bot's message is held: a draft, a notification and its e-mail.
  const held = world.conversations.find((c) => c.bot_ids.includes(world.bots[1]!.id))!;
  const asked = await api("POST", `/conversations/${held.id}/messages`, {
    key: world.bots[1]!.api_key,
    body: { body: `Shall I write to ${canaries[1]}?` },
    idempotencyKey: idem(),
  });
  expect(asked.status).toBe(202);
  const draft = await db().draft.findFirstOrThrow({ where: { conversationId: held.id, status: "pending" } });
  await fanOut({ event: "draft", id: draft.id });
  await deliverNotifications(
    { userId: world.people[0]!.id, workspaceId: world.workspace.id, channel: "email" },
    new Date(Date.now() + 3_600_000),
  );
  const exported = await requestExport(ana, {
    workspaceId: world.workspace.id,
    subjectType: "workspace",
    subjectId: world.workspace.id,
  });
  await buildExport(exported.id);
  return { canaries, exportId: exported.id };
}

/**
 * Every uuid column of every table that holds one of `ids`, but the erasure's record and the audit chain (ids only,
 * kept on purpose): `table.column: count`.
 */
async function rowsNaming(ids: string[]): Promise<string[]> {
  const columns = await sql().unchecked<{ table: string; column: string; type: string }>(
    `SELECT c.table_name AS table, c.column_name AS column, c.data_type AS type FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.udt_name IN ('uuid', '_uuid')
        AND c.table_name NOT IN ('erasures', 'audit_log')
      ORDER BY c.table_name, c.column_name`,
  );
  const found: string[] = [];
  for (const { table, column, type } of columns) {
    const match = type === "ARRAY" ? `"${column}" && $1::uuid[]` : `"${column}" = ANY ($1::uuid[])`;
    const [row] = await sql().unchecked<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE ${match}`, [ids]);
    if (row!.n) found.push(`${table}.${column}: ${row!.n}`);
  }
  return found;
}

describe("deleting a workspace", () => {
  it("closes its doors at once, tells its bots, then leaves nothing of it; the other workspace keeps everything", async () => {
    const planted = await plant(doomed);
    const other = await plant(kept);
    const before = await scanForCanaries(planted.canaries);
    for (const place of ["public.workspaces.name", "public.contacts.name", "public.messages.body", "public.contact_facts.fact"])
      expect(before.some((found) => found.startsWith(`${place}:`)), place).toBe(true);
    await access(archivePath(planted.exportId));

    const ana = person(doomed.people[0]!.id, "web");
    const ben = person(doomed.people[1]!.id, "web");
    // Only an admin, and only with the address typed again; a refusal changes nothing.
    await expect(deleteWorkspace(ben, { workspaceId: doomed.workspace.id, confirm: doomed.workspace.slug })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(deleteWorkspace(ana, { workspaceId: doomed.workspace.id, confirm: "something-else" })).rejects.toMatchObject({
      code: "invalid_body",
    });
    await expect(
      deleteWorkspace(person(kept.people[0]!.id, "web"), { workspaceId: doomed.workspace.id, confirm: doomed.workspace.slug }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await db().membership.count({ where: { workspaceId: doomed.workspace.id } })).toBe(2);

    const deleted = await deleteWorkspace(ana, { workspaceId: doomed.workspace.id, confirm: ` ${doomed.workspace.slug.toUpperCase()} ` });
    // Ana and Ben were in no other workspace: their accounts are scrubbed.
    expect(deleted.accounts_erased).toBe(2);
    // Every door is closed from the commit on: the people's, the bots' keys; asking again finds nothing.
    await expect(openWorkspace(ana, doomed.workspace.slug)).rejects.toMatchObject({ code: "not_found" });
    expect(await authenticateBot(doomed.bots[0]!.api_key)).toBeNull();
    const refused = await api("GET", "/conversations", { key: doomed.bots[0]!.api_key });
    expect(refused.status).toBe(401);
    await expect(deleteWorkspace(systemActor, { workspaceId: doomed.workspace.id, confirm: "x" })).rejects.toMatchObject({
      code: "not_found",
    });
    // Nor can the operator export it now, or make it active again while it is being deleted.
    await expect(
      requestExport(systemActor, { workspaceId: doomed.workspace.id, subjectType: "workspace", subjectId: doomed.workspace.id }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(setWorkspaceStatus(systemActor, { workspaceId: doomed.workspace.id, status: "active" })).rejects.toMatchObject({
      code: "not_found",
    });

    // A stopped bot is told too: it may keep copies of what it read.
    await db().bot.update({ where: { id: doomed.bots[1]!.id }, data: { status: "stopped" } });

    // The job runs up to the bots' deliveries and waits for them (enqueued again for later). Everything of the
    // workspace is gone already: only its bots' rows wait, to be told.
    await runErasure(deleted.erasure_id);
    const erasure = await db().erasure.findUniqueOrThrow({ where: { id: deleted.erasure_id } });
    expect(erasure.step).toBe("await_bots");
    expect(await scanForCanaries(planted.canaries)).toEqual([]);
    expect(await db().contact.count({ where: { workspaceId: doomed.workspace.id } })).toBe(0);
    const told = await db().webhookDelivery.findMany({ where: { eventType: "workspace.erased", workspaceId: doomed.workspace.id } });
    expect(told.map((d) => d.botId).sort()).toEqual(doomed.bots.map((b) => b.id).sort());
    receiver.received.length = 0;
    for (const delivery of told) await attemptDelivery(delivery.id);
    const requests = await receiver.waitFor(told.length);
    const after = await db().webhookDelivery.findMany({ where: { id: { in: told.map((d) => d.id) } } });
    expect(after.map((d) => d.status)).toEqual(told.map(() => "succeeded"));
    const bot = doomed.bots[0]!;
    const mine = requests.map((r) => {
      try {
        return verifyWebhook(r.body, plain(r.headers), bot.signing_secret);
      } catch {
        return null;
      }
    });
    expect(mine.filter(Boolean)).toEqual([
      expect.objectContaining({
        type: "workspace.erased",
        data: { workspace: { id: doomed.workspace.id }, conversation_ids: erasure.conversationIds },
      }),
    ]);

    // Delivered: the purge runs, and nothing of the workspace is left but the erasure's record and the audit chain.
    await runErasure(deleted.erasure_id);
    expect((await db().erasure.findUniqueOrThrow({ where: { id: deleted.erasure_id } })).status).toBe("done");
    expect(await db().workspace.count({ where: { id: doomed.workspace.id } })).toBe(0);
    expect(await db().bot.count({ where: { workspaceId: doomed.workspace.id } })).toBe(0);
    expect(await db().conversation.count({ where: { workspaceId: doomed.workspace.id } })).toBe(0);
    expect(await db().embedding.count({ where: { workspaceId: doomed.workspace.id } })).toBe(0);
    expect(await scanForCanaries(planted.canaries)).toEqual([]);
    // No row names it, its conversations or its bots, but the one audit event written after the purge: that it was
    // erased, by ids (as the audit chain's entries).
    expect(await rowsNaming([doomed.workspace.id, ...erasure.conversationIds, ...doomed.bots.map((b) => b.id)])).toEqual([
      "audit_events.subject_id: 1",
      "audit_events.workspace_id: 1",
    ]);
    expect(await db().auditEvent.findMany({ where: { workspaceId: doomed.workspace.id } })).toEqual([
      expect.objectContaining({ action: "workspace.erased", data: { erasure_id: deleted.erasure_id } }),
    ]);
    await expect(access(archivePath(planted.exportId))).rejects.toThrow();
    const chain = await db().auditLogEntry.findMany({ where: { workspaceId: doomed.workspace.id, kind: { startsWith: "workspace.eras" } } });
    expect(chain.map((e) => e.kind).sort()).toEqual(["workspace.erased", "workspace.erasure_requested"]);

    // The other workspace keeps every canary of its own.
    const still = await scanForCanaries(other.canaries);
    for (const place of ["public.workspaces.name", "public.contacts.name", "public.messages.body", "public.contact_facts.fact"])
      expect(still.some((found) => found.startsWith(`${place}:`)), place).toBe(true);
    await access(archivePath(other.exportId));
  }, 180_000);

  it("purges without the bots' answers once their retry schedule is over", async () => {
    const world = await seedWorld({ webhookUrl: "http://127.0.0.1:9/hook" });
    const deleted = await deleteWorkspace(systemActor, { workspaceId: world.workspace.id, confirm: world.workspace.slug });
    await runErasure(deleted.erasure_id);
    expect((await db().erasure.findUniqueOrThrow({ where: { id: deleted.erasure_id } })).step).toBe("await_bots");
    const later = new Date(Date.now() + AWAIT_BOTS_MAX_MS + 1000);
    await runErasure(deleted.erasure_id, { now: () => later });
    expect((await db().erasure.findUniqueOrThrow({ where: { id: deleted.erasure_id } })).status).toBe("done");
    expect(await db().workspace.count({ where: { id: world.workspace.id } })).toBe(0);
  }, 120_000);
});
