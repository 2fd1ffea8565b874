import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { createContact } from "./create-contact";

// A member adds a contact (the Contacts page, the CLI, a new conversation): the details pass the same schema as a
// correction, one email is one contact in a workspace, and a refusal leaves nothing behind.

let world: SeededWorld;
let other: SeededWorld;
const ben = () => person(world.people[1]!.id, "web"); // a plain member
const contacts = () => db().contact.count({ where: { workspaceId: world.workspace.id } });

beforeAll(async () => {
  [world, other] = [await seedWorld(), await seedWorld()];
});

describe("createContact", () => {
  it("adds a contact with its details tidied (trimmed; empty email or phone: none) and audits it", async () => {
    const added = await createContact(ben(), { workspaceId: world.workspace.id, name: "  Eva Rossi ", email: "eva@example.it", phone: "" });
    expect(added).toMatchObject({ name: "Eva Rossi", email: "eva@example.it", phone: null, sensitivity: "normal", doNotContact: false });
    const audit = await db().auditEvent.findFirstOrThrow({ where: { subjectId: added.id, action: "contact.created" } });
    expect(audit).toMatchObject({ actorType: "person", actorId: world.people[1]!.id, via: "web" });
  });

  it("refuses a bad name, email or phone, and an email another contact of the workspace has (in any case), changing nothing", async () => {
    const before = await contacts();
    for (const bad of [
      { name: " " },
      { name: "x".repeat(201) },
      { name: "Fay", email: "fay at example" },
      { name: "Fay", phone: "ring me" },
    ]) {
      await expect(createContact(ben(), { workspaceId: world.workspace.id, ...bad })).rejects.toMatchObject({ code: "invalid_body" });
    }
    await expect(createContact(ben(), { workspaceId: world.workspace.id, name: "Carla Again", email: "CARLA@example.com" })).rejects.toMatchObject({
      code: "conflict",
      message: "Carla Mendes already has the email CARLA@example.com",
    });
    expect(await contacts()).toBe(before);
  });

  it("lets another workspace have the same email, and refuses people who are not members", async () => {
    const elsewhere = await createContact(systemActor, { workspaceId: other.workspace.id, name: "Eva Rossi", email: "eva@example.it" });
    expect(elsewhere.workspaceId).toBe(other.workspace.id);
    await expect(createContact(person(other.people[0]!.id, "web"), { workspaceId: world.workspace.id, name: "Spy" })).rejects.toMatchObject({ code: "not_found" });
  });
});
