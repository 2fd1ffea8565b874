import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { issueApiKey } from "@/lib/bots/issue-api-key";
import { confirmFact, editFact, rejectFact, retireFact } from "@/lib/memory/decide-fact";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api, idem } from "./client";

// POST /contacts/{id}/facts, and what people then do with a candidate (confirm, reject, edit, retire).

let world: SeededWorld;
let carla: string;
let sourceId: string; // a message of "Order #1042 with Carla", where both demo bots are authorized
const ana = () => person(world.people[0]!.id, "web");
const helperKey = () => world.bots[0]!.api_key;
const schedulerKey = () => world.bots[1]!.api_key;

beforeEach(async () => {
  world = await seedWorld();
  carla = world.contacts[0]!.id;
  sourceId = (await db().message.findFirstOrThrow({ where: { conversationId: world.conversations[0]!.id } })).id;
});

const propose = (body: unknown, options: { key?: string; contact?: string; idempotencyKey?: string | null } = {}) =>
  api("POST", `/contacts/${options.contact ?? carla}/facts`, {
    key: options.key ?? helperKey(),
    body,
    idempotencyKey: options.idempotencyKey === null ? undefined : (options.idempotencyKey ?? idem()),
  });

describe("POST /contacts/{id}/facts", () => {
  it("201 creates a candidate citing its source; a retry with the same key replays it", async () => {
    const key = idem();
    const res = await propose(
      { fact: "Pays invoices on the 5th", key: "billing.pay_day", source_message_id: sourceId },
      { idempotencyKey: key },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      contact_id: carla,
      key: "billing.pay_day",
      fact: "Pays invoices on the 5th",
      status: "candidate",
      source_message_id: sourceId,
      proposed_by_bot_id: world.bots[0]!.id,
      confirmed_at: null,
    });
    const again = await propose(
      { fact: "Pays invoices on the 5th", key: "billing.pay_day", source_message_id: sourceId },
      { idempotencyKey: key },
    );
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await db().contactFact.count({ where: { contactId: carla } })).toBe(1);
    expect(await db().auditEvent.count({ where: { action: "fact.proposed", subjectId: res.body.data.id } })).toBe(1);
  });

  it("422 for a consent key: bots cannot write consent; nothing is stored", async () => {
    const res = await propose({ fact: "Agreed to marketing", key: "consent.marketing", source_message_id: sourceId });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(/cannot write consent/);
    expect(await db().contactFact.count({ where: { contactId: carla } })).toBe(0);
  });

  it("422 for a key that is not dotted, an empty fact, unknown fields, or a source the bot cannot see", async () => {
    expect((await propose({ fact: "x", key: "payday", source_message_id: sourceId })).status).toBe(422);
    expect((await propose({ fact: "  ", key: "billing.pay_day", source_message_id: sourceId })).status).toBe(422);
    expect(
      (await propose({ fact: "x", key: "billing.pay_day", source_message_id: sourceId, status: "confirmed" })).status,
    ).toBe(422);
    // A message of "Scheduling a visit with Carla", where the helper bot is not authorized:
    const hidden = await db().message.findFirstOrThrow({ where: { conversationId: world.conversations[2]!.id } });
    const res = await propose({ fact: "Likes mornings", key: "schedule.preference", source_message_id: hidden.id });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(/can see/);
    expect(await db().contactFact.count({ where: { contactId: carla } })).toBe(0);
  });

  it("a 422 the service makes (a source out of sight) does not use up the key: fixed, the same key is 201", async () => {
    const key = idem();
    const hidden = await db().message.findFirstOrThrow({ where: { conversationId: world.conversations[2]!.id } });
    const refused = await propose(
      { fact: "Likes mornings", key: "schedule.preference", source_message_id: hidden.id },
      { idempotencyKey: key },
    );
    expect(refused.status).toBe(422);
    expect(await db().idempotencyKey.count({ where: { key } })).toBe(0);
    const fixed = await propose(
      { fact: "Likes mornings", key: "schedule.preference", source_message_id: sourceId },
      { idempotencyKey: key },
    );
    expect(fixed.status).toBe(201);
  });

  it("400 without an Idempotency-Key, 401 without a key, 404 for an unknown contact", async () => {
    expect(
      (await propose({ fact: "x", key: "a.b", source_message_id: sourceId }, { idempotencyKey: null })).status,
    ).toBe(400);
    expect(
      (await api("POST", `/contacts/${carla}/facts`, { key: null, body: {}, idempotencyKey: idem() })).status,
    ).toBe(401);
    expect(
      (
        await propose(
          { fact: "x", key: "a.b", source_message_id: sourceId },
          { contact: "00000000-0000-4000-8000-000000000000" },
        )
      ).status,
    ).toBe(404);
  });

  it("403 for a bot not in a conversation with the contact, a bot of another workspace, and a sensitive contact without the scope", async () => {
    const dev = world.contacts[1]!.id; // only the helper bot talks with Dev
    const notLinked = await propose(
      { fact: "x", key: "a.b", source_message_id: sourceId },
      { key: schedulerKey(), contact: dev },
    );
    expect(notLinked.status).toBe(403);
    expect(notLinked.body.error.code).toBe("forbidden");
    const other = await seedWorld();
    expect(
      (await propose({ fact: "x", key: "a.b", source_message_id: sourceId }, { key: other.bots[0]!.api_key })).status,
    ).toBe(403);

    await db().contact.update({ where: { id: carla }, data: { sensitivity: "high" } });
    const sensitive = await propose({ fact: "x", key: "a.b", source_message_id: sourceId });
    expect(sensitive.status).toBe(403);
    expect(sensitive.body.error.message).toMatch(/memory:sensitive/);
    const scoped = await issueApiKey(systemActor, {
      botId: world.bots[0]!.id,
      name: "memory",
      scopes: ["memory:sensitive"],
    });
    expect(
      (
        await propose(
          { fact: "Prefers email", key: "contact.channel", source_message_id: sourceId },
          { key: scoped.key },
        )
      ).status,
    ).toBe(201);
  });
});

describe("people decide on facts", () => {
  const candidate = async (fact: string, key = "billing.pay_day") =>
    (await propose({ fact, key, source_message_id: sourceId })).body.data.id as string;

  it("confirming supersedes the key's confirmed fact; both stay, with who and when", async () => {
    const first = await candidate("Pays on the 5th");
    await confirmFact(ana(), { factId: first });
    const second = await candidate("Pays on the 10th");
    const { superseded } = await confirmFact(ana(), { factId: second });
    expect(superseded).toEqual([first]);
    const rows = await db().contactFact.findMany({ where: { contactId: carla }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.fact, r.status, r.supersededById])).toEqual([
      ["Pays on the 5th", "superseded", second],
      ["Pays on the 10th", "confirmed", null],
    ]);
    expect(rows[1]).toMatchObject({ decidedByUserId: world.people[0]!.id, confirmedAt: expect.any(Date) });
    await expect(confirmFact(ana(), { factId: second })).rejects.toMatchObject({ code: "conflict" });
  });

  it("keeping both leaves two confirmed facts on the key (a conflict the context pack reports)", async () => {
    await confirmFact(ana(), { factId: await candidate("Pays on the 5th") });
    await confirmFact(ana(), { factId: await candidate("Pays on the 20th"), keepOthers: true });
    expect(await db().contactFact.count({ where: { contactId: carla, status: "confirmed" } })).toBe(2);
  });

  it("editing writes a new confirmed fact over the old; retiring and rejecting keep the row", async () => {
    const id = await candidate("Pays on the 5th");
    await confirmFact(ana(), { factId: id });
    const edited = await editFact(ana(), { factId: id, text: "Pays on the 5th, by bank transfer" });
    expect(edited).toMatchObject({
      status: "confirmed",
      fact: "Pays on the 5th, by bank transfer",
      sourceMessageId: sourceId,
      proposedByUserId: world.people[0]!.id,
    });
    expect(await db().contactFact.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "superseded",
      supersededById: edited.id,
    });
    await retireFact(ana(), edited.id);
    const rejected = await rejectFact(ana(), await candidate("Owns a boat", "assets.boat"));
    expect(rejected.status).toBe("rejected");
    expect(await db().contactFact.count({ where: { contactId: carla } })).toBe(3);
    await expect(editFact(ana(), { factId: edited.id, text: "too late" })).rejects.toMatchObject({ code: "conflict" });
    const outsider = await seedWorld();
    await expect(rejectFact(person(outsider.people[0]!.id, "web"), await candidate("x", "a.b"))).rejects.toMatchObject({
      code: "not_found",
      message: "Fact not found",
    });
  });
});
