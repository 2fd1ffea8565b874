import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api } from "@/test/api/client";
import { setContactSensitivity, type Sensitivity } from "./set-sensitivity";

// A contact's sensitivity, set by people: any member raises it, only an admin lowers it; bots without the
// memory:sensitive scope stop reading the contact's memory at once.

let world: SeededWorld;
let carla: string;
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member

beforeAll(async () => {
  world = await seedWorld();
  carla = world.conversations[0]!.contact_id;
});

const row = () => db().contact.findUniqueOrThrow({ where: { id: carla } });
const helperReadsContext = () => api("GET", `/contacts/${carla}/context`, { key: world.bots[0]!.api_key });
const audits = () => db().auditEvent.count({ where: { subjectId: carla, action: "contact.sensitivity_changed" } });

describe("setContactSensitivity", () => {
  it("a member raises it and bots without the scope lose the contact's memory; only an admin lowers it", async () => {
    expect((await helperReadsContext()).status).toBe(200);
    expect(await setContactSensitivity(ben(), { contactId: carla, sensitivity: "high" })).toEqual({
      id: carla,
      name: expect.any(String),
      sensitivity: "high",
      changed: true,
    });
    const refused = await helperReadsContext();
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("memory:sensitive");

    expect(await setContactSensitivity(ben(), { contactId: carla, sensitivity: "high" })).toMatchObject({
      changed: false,
    });
    await expect(setContactSensitivity(ben(), { contactId: carla, sensitivity: "normal" })).rejects.toMatchObject({
      code: "forbidden",
    });
    expect((await row()).sensitivity).toBe("high");

    expect(await setContactSensitivity(ana(), { contactId: carla, sensitivity: "normal" })).toMatchObject({
      sensitivity: "normal",
      changed: true,
    });
    expect((await helperReadsContext()).status).toBe(200);
    expect(await audits()).toBe(2);
  });

  it("refuses people of other workspaces, unknown contacts and unknown values, changing nothing", async () => {
    const other = await seedWorld();
    await expect(
      setContactSensitivity(person(other.people[0]!.id, "web"), { contactId: carla, sensitivity: "high" }),
    ).rejects.toMatchObject({ code: "not_found", message: "Contact not found" });
    await expect(
      setContactSensitivity(ana(), { contactId: "00000000-0000-4000-8000-000000000000", sensitivity: "high" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      setContactSensitivity(ana(), { contactId: carla, sensitivity: "secret" as Sensitivity }),
    ).rejects.toMatchObject({ code: "invalid_body" });
    expect((await row()).sensitivity).toBe("normal");
  });
});
