import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { updateContact } from "./update-contact";

// Any member corrects a contact's name, email or phone; bad input is refused in words and changes nothing.

let world: SeededWorld;
let dev: string;
const ben = () => person(world.people[1]!.id, "web"); // a plain member

beforeAll(async () => {
  world = await seedWorld();
  dev = world.conversations[1]!.contact_id;
});

const row = () => db().contact.findUniqueOrThrow({ where: { id: dev } });

describe("updateContact", () => {
  it("saves the details (empty email or phone: none), audits what changed and what it was; a repeat changes nothing", async () => {
    const before = await row();
    const saved = await updateContact(ben(), {
      contactId: dev,
      details: { name: "  Dev Patel ", email: "dev.patel@example.org", phone: "+44 20 7946 0000" },
    });
    expect(saved).toEqual({
      id: dev,
      name: "Dev Patel",
      email: "dev.patel@example.org",
      phone: "+44 20 7946 0000",
      changed: ["email", "phone"],
    });
    expect(await row()).toMatchObject({ name: "Dev Patel", email: "dev.patel@example.org", phone: "+44 20 7946 0000" });
    const audit = await db().auditEvent.findFirstOrThrow({ where: { subjectId: dev, action: "contact.updated" } });
    expect(audit.data).toEqual({ changed: ["email", "phone"], before: { email: before.email, phone: before.phone } });

    expect(
      await updateContact(ben(), {
        contactId: dev,
        details: { name: "Dev Patel", email: "dev.patel@example.org", phone: "+44 20 7946 0000" },
      }),
    ).toMatchObject({ changed: [] });
    expect(
      await updateContact(ben(), { contactId: dev, details: { name: "Dev Patel", email: " ", phone: "" } }),
    ).toMatchObject({ email: null, phone: null, changed: ["email", "phone"] });
    expect(await db().auditEvent.count({ where: { subjectId: dev, action: "contact.updated" } })).toBe(2);
  });

  it("refuses an empty name, a bad email or phone, unknown fields, outsiders and unknown contacts, changing nothing", async () => {
    const before = await row();
    for (const bad of [
      { name: "  ", email: "", phone: "" },
      { name: "Dev", email: "not an email", phone: "" },
      { name: "Dev", email: "", phone: "call me" },
      { name: "x".repeat(201), email: "", phone: "" },
      { name: "Dev", email: "", phone: "", sensitivity: "normal" } as { name: string; email: string; phone: string },
    ]) {
      await expect(updateContact(ben(), { contactId: dev, details: bad })).rejects.toMatchObject({
        code: "invalid_body",
      });
    }
    const other = await seedWorld();
    await expect(
      updateContact(person(other.people[0]!.id, "web"), {
        contactId: dev,
        details: { name: "Hacked", email: "", phone: "" },
      }),
    ).rejects.toMatchObject({ code: "not_found", message: "Contact not found" });
    await expect(
      updateContact(ben(), {
        contactId: "00000000-0000-4000-8000-000000000000",
        details: { name: "Dev", email: "", phone: "" },
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await row()).toEqual(before);
  });

  it("refuses an email another contact of the workspace has, in any case, naming that contact; its own in another case is fine", async () => {
    const carla = world.contacts.find((c) => c.name === "Carla Mendes")!;
    const carlasEmail = (await db().contact.findUniqueOrThrow({ where: { id: carla.id } })).email!;
    const before = await row();
    await expect(
      updateContact(ben(), {
        contactId: dev,
        details: { name: before.name, email: carlasEmail.toUpperCase(), phone: "" },
      }),
    ).rejects.toMatchObject({
      code: "conflict",
      message: `Carla Mendes already has the email ${carlasEmail.toUpperCase()}`,
    });
    expect(await row()).toEqual(before);
    await updateContact(ben(), { contactId: dev, details: { name: before.name, email: "dev@example.com", phone: "" } });
    expect(
      await updateContact(ben(), {
        contactId: dev,
        details: { name: before.name, email: "DEV@example.com", phone: "" },
      }),
    ).toMatchObject({ email: "DEV@example.com", changed: ["email"] });
  });
});
