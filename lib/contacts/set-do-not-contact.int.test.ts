import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api, idem } from "@/test/api/client";
import { setDoNotContact } from "./set-do-not-contact";

let world: SeededWorld;
let dev: string;
const ana = () => person(world.people[0]!.id, "web");
const ben = () => person(world.people[1]!.id, "cli"); // a plain member is enough

beforeAll(async () => {
  world = await seedWorld();
  dev = world.conversations[1]!.contact_id;
});

const row = () => db().contact.findUniqueOrThrow({ where: { id: dev } });
const helperSends = () =>
  api("POST", `/conversations/${world.conversations[1]!.id}/messages`, { key: world.bots[0]!.api_key, body: { body: "hi" }, idempotencyKey: idem() });

describe("setDoNotContact", () => {
  it("a member sets it (who and when kept), a repeat changes nothing, clearing lifts it; bots are blocked meanwhile", async () => {
    expect(await setDoNotContact(ben(), { contactId: dev, doNotContact: true })).toMatchObject({
      do_not_contact: true,
      do_not_contact_by_user_id: world.people[1]!.id,
      changed: true,
    });
    const marked = await row();
    expect(marked).toMatchObject({ doNotContact: true, doNotContactByUserId: world.people[1]!.id });
    expect(marked.doNotContactAt).toBeInstanceOf(Date);
    const blocked = await helperSends();
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.reasons).toEqual(["do_not_contact"]);

    expect(await setDoNotContact(ana(), { contactId: dev, doNotContact: true })).toMatchObject({
      changed: false,
      do_not_contact_by_user_id: world.people[1]!.id,
    });
    expect(await setDoNotContact(ana(), { contactId: dev, doNotContact: false })).toMatchObject({
      do_not_contact: false,
      changed: true,
    });
    expect(await row()).toMatchObject({ doNotContact: false, doNotContactByUserId: null, doNotContactAt: null });
    expect(await setDoNotContact(ana(), { contactId: dev, doNotContact: false })).toMatchObject({ changed: false });
    const audits = await db().auditEvent.findMany({ where: { subjectId: dev, action: { startsWith: "contact.do_not_contact" } }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([
      ["contact.do_not_contact_set", world.people[1]!.id],
      ["contact.do_not_contact_cleared", world.people[0]!.id],
    ]);
    expect((await helperSends()).status).toBe(201);
  });

  it("refuses people of other workspaces; not_found for unknown contacts", async () => {
    const outsider = await seedWorld();
    await expect(
      setDoNotContact(person(outsider.people[0]!.id, "web"), { contactId: dev, doNotContact: true }),
    ).rejects.toMatchObject({ code: "not_found", message: "Contact not found" });
    await expect(
      setDoNotContact(ana(), { contactId: "00000000-0000-4000-8000-000000000000", doNotContact: true }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(setDoNotContact(ana(), { contactId: "nope", doNotContact: true })).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await row()).doNotContact).toBe(false);
  });
});
