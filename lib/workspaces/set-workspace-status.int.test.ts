import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api, idem } from "@/test/api/client";
import { setWorkspaceStatus } from "./set-workspace-status";

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member

beforeAll(async () => {
  world = await seedWorld();
});

const status = async () => (await db().workspace.findUniqueOrThrow({ where: { id: world.workspace.id } })).status;
const helperSends = () =>
  api("POST", `/conversations/${world.conversations[1]!.id}/messages`, { key: world.bots[0]!.api_key, body: { body: "hi" }, idempotencyKey: idem() });

describe("setWorkspaceStatus", () => {
  it("an admin restricts, the operator suspends, a repeat changes nothing; bots are blocked until active again", async () => {
    expect(await setWorkspaceStatus(ana(), { workspaceId: world.workspace.id, status: "restricted" })).toMatchObject({
      status: "restricted",
      changed: true,
    });
    expect((await helperSends()).body.error.reasons).toEqual(["workspace_restricted"]);
    expect(
      await setWorkspaceStatus(systemActor, { workspaceId: world.workspace.id, status: "suspended" }),
    ).toMatchObject({ status: "suspended", changed: true });
    expect(
      await setWorkspaceStatus(systemActor, { workspaceId: world.workspace.id, status: "suspended" }),
    ).toMatchObject({ changed: false });
    expect(await status()).toBe("suspended");
    expect((await helperSends()).body.error.reasons).toEqual(["workspace_suspended"]);
    await setWorkspaceStatus(ana(), { workspaceId: world.workspace.id, status: "active" });
    expect((await helperSends()).status).toBe(201);
    const audits = await db().auditEvent.findMany({ where: { subjectId: world.workspace.id, action: { startsWith: "workspace." } }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => [a.action, a.actorType])).toEqual([
      ["workspace.restricted", "person"],
      ["workspace.suspended", "system"],
      ["workspace.active", "person"],
    ]);
  });

  it("refuses members who are not admins and people of other workspaces; not_found and invalid_body", async () => {
    const outsider = await seedWorld();
    await expect(
      setWorkspaceStatus(ben(), { workspaceId: world.workspace.id, status: "suspended" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      setWorkspaceStatus(person(outsider.people[0]!.id, "web"), {
        workspaceId: world.workspace.id,
        status: "suspended",
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      setWorkspaceStatus(ana(), { workspaceId: "00000000-0000-4000-8000-000000000000", status: "suspended" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      setWorkspaceStatus(ana(), { workspaceId: world.workspace.id, status: "closed" as "active" }),
    ).rejects.toMatchObject({ code: "invalid_body" });
    expect(await status()).toBe("active");
  });
});
