import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { listApproverGroups } from "./list-approver-groups";
import { saveApproverGroup } from "./save-approver-group";
import { saveRuleSet } from "./save-rule-set";

// Approver groups (issue 33, approval routing): named groups of a workspace's members beside its two roles. Nobody
// outside the workspace can be put in one, a member who leaves the workspace leaves its groups, and a change that
// would leave the current rules unable to be met is refused, naming the rule and field.

let world: SeededWorld;
let outsider: SeededWorld;
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member
const groupRows = (slug: string) =>
  db().approverGroup.findUnique({
    where: { workspaceId_slug: { workspaceId: world.workspace.id, slug } },
    include: { members: true },
  });

beforeAll(async () => {
  world = await seedWorld();
  outsider = await seedWorld();
});

describe("saveApproverGroup", () => {
  it("makes a group, then replaces its name and people; audited; listed beside the roles", async () => {
    const made = await saveApproverGroup(ana(), {
      workspaceId: world.workspace.id,
      slug: "finance",
      name: " Finance ",
      memberIds: [world.people[0]!.id, world.people[1]!.id.toUpperCase()],
    });
    expect(made).toMatchObject({ slug: "finance", name: "Finance" });
    expect((await groupRows("finance"))!.members).toHaveLength(2);

    const again = await saveApproverGroup(systemActor, {
      workspaceId: world.workspace.id,
      slug: "finance",
      name: "Finance team",
      memberIds: [world.people[1]!.id],
    });
    expect(again.id).toBe(made.id);
    const row = await groupRows("finance");
    expect(row).toMatchObject({ name: "Finance team" });
    expect(row!.members.map((m) => m.userId)).toEqual([world.people[1]!.id]);
    expect(
      await db().auditEvent.count({
        where: { workspaceId: world.workspace.id, action: "policy.approver_group_saved" },
      }),
    ).toBe(2);

    const groups = await listApproverGroups(ana(), { workspaceId: world.workspace.id });
    expect(groups.map((g) => [g.slug, g.kind, g.members.map((m) => m.userId)])).toEqual([
      ["role:admin", "role", [world.people[0]!.id]],
      ["role:member", "role", [world.people[0]!.id, world.people[1]!.id]],
      ["finance", "named", [world.people[1]!.id]],
    ]);
  });

  it("makes only a new group when asked: a slug in use is refused, even by two at once, and that group is kept", async () => {
    const make = (name: string) =>
      saveApproverGroup(ana(), {
        workspaceId: world.workspace.id,
        slug: "audit",
        name,
        memberIds: [world.people[0]!.id],
        onlyNew: true,
      }).catch((error: unknown) => error);
    const outcomes = await Promise.all([make("Audit A"), make("Audit B")]);
    const refused = outcomes.filter((outcome) => (outcome as { code?: string }).code === "conflict");
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ extras: { field: "slug" } });
    const made = outcomes.find((outcome) => !refused.includes(outcome)) as { name: string };
    expect((await groupRows("audit"))!.name).toBe(made.name);
    expect(await make("Audit C")).toMatchObject({ code: "conflict" });
    expect((await groupRows("audit"))!.name).toBe(made.name);
  });

  it("refuses people who are not members of the workspace, and bad slugs and names, changing nothing", async () => {
    const before = await groupRows("finance");
    for (const memberIds of [
      [outsider.people[0]!.id],
      [world.people[0]!.id, "not-a-uuid"],
      ["00000000-0000-4000-8000-000000000000"],
    ])
      await expect(
        saveApproverGroup(ana(), { workspaceId: world.workspace.id, slug: "finance", name: "Finance", memberIds }),
      ).rejects.toMatchObject({ code: "invalid_body", extras: { field: "member_ids" } });
    for (const slug of ["role:admin", "Finance", "a--b", "", "x".repeat(65)])
      await expect(
        saveApproverGroup(ana(), { workspaceId: world.workspace.id, slug, name: "Finance", memberIds: [] }),
      ).rejects.toMatchObject({ code: "invalid_body", extras: { field: "slug" } });
    for (const name of ["", "   ", "x".repeat(101), "nul\u0000"])
      await expect(
        saveApproverGroup(ana(), { workspaceId: world.workspace.id, slug: "legal", name, memberIds: [] }),
      ).rejects.toMatchObject({ code: "invalid_body", extras: { field: "name" } });
    expect(await groupRows("finance")).toEqual(before);
    expect(await groupRows("legal")).toBeNull();
    // The database holds it too: a member row for a person outside the workspace breaks its foreign key.
    await expect(
      sql().unchecked("INSERT INTO approver_group_members (group_id, workspace_id, user_id) VALUES ($1, $2, $3)", [
        before!.id,
        world.workspace.id,
        outsider.people[0]!.id,
      ]),
    ).rejects.toThrow(/approver_group_members_membership_fkey/);
  });

  it("lets only admins and the operator change or list groups", async () => {
    const ask = { workspaceId: world.workspace.id, slug: "legal", name: "Legal", memberIds: [] };
    await expect(saveApproverGroup(ben(), ask)).rejects.toMatchObject({ code: "forbidden" });
    await expect(saveApproverGroup(person(outsider.people[0]!.id, "web"), ask)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(listApproverGroups(ben(), { workspaceId: world.workspace.id })).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await groupRows("legal")).toBeNull();
  });

  it("refuses a change that would leave the current rules unable to be met, naming rule and field", async () => {
    await saveApproverGroup(ana(), {
      workspaceId: world.workspace.id,
      slug: "finance",
      name: "Finance",
      memberIds: [world.people[0]!.id, world.people[1]!.id],
    });
    await saveRuleSet(ana(), {
      workspaceId: world.workspace.id,
      rules: { rules: [{ slug: "two-of-finance", match: {}, outcome: { hold: { group: "finance", approvals: 2 } } }] },
      reason: "Two of Finance",
    });
    const before = await groupRows("finance");
    const error = await saveApproverGroup(ana(), {
      workspaceId: world.workspace.id,
      slug: "finance",
      name: "Finance",
      memberIds: [world.people[1]!.id],
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "invalid_body", extras: { field: "rules[0].outcome.hold.approvals" } });
    expect((error as Error).message).toBe(
      "This change to finance would break the current rules (version 1): " +
        "rules[0] (two-of-finance).outcome.hold.approvals: must be at most the group's size (1 in finance)",
    );
    expect(await groupRows("finance")).toEqual(before);
  });

  it("drops a person from the workspace's groups when they leave the workspace", async () => {
    await saveApproverGroup(ana(), {
      workspaceId: world.workspace.id,
      slug: "support",
      name: "Support",
      memberIds: [world.people[1]!.id],
    });
    await db().membership.delete({
      where: { workspaceId_userId: { workspaceId: world.workspace.id, userId: world.people[1]!.id } },
    });
    expect((await groupRows("support"))!.members).toEqual([]);
  });
});
