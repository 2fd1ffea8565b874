import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api } from "@/test/api/client";
import { deleteApproverGroup } from "./delete-approver-group";
import { saveApproverGroup } from "./save-approver-group";
import { saveRuleSet } from "./save-rule-set";

// Deleting a named approver group (issue 33): admins and the operator only; refused, changing nothing, while the
// rules in force name the group (naming rule and field) or an item still waits for its people; audited.

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member
const group = (slug: string) =>
  db().approverGroup.findUnique({
    where: { workspaceId_slug: { workspaceId: world.workspace.id, slug } },
    include: { members: true },
  });
const make = (slug: string) =>
  saveApproverGroup(ana(), {
    workspaceId: world.workspace.id,
    slug,
    name: slug,
    memberIds: [world.people[0]!.id, world.people[1]!.id],
  });

beforeAll(async () => {
  world = await seedWorld();
});

describe("deleteApproverGroup", () => {
  it("deletes a group no rule names, with its people; audited; a second delete is not found", async () => {
    const made = await make("support");
    expect(await deleteApproverGroup(ana(), { workspaceId: world.workspace.id, slug: "support" })).toEqual({
      id: made.id,
      slug: "support",
    });
    expect(await group("support")).toBeNull();
    expect(await db().approverGroupMember.count({ where: { groupId: made.id } })).toBe(0);
    expect(
      await db().auditEvent.findFirst({
        where: { workspaceId: world.workspace.id, action: "policy.approver_group_deleted", subjectId: made.id },
      }),
    ).toMatchObject({ data: { slug: "support", name: "support" } });
    await expect(deleteApproverGroup(ana(), { workspaceId: world.workspace.id, slug: "support" })).rejects.toMatchObject({
      code: "not_found",
      message: "Approver group not found",
    });
  });

  it("refuses while the rules in force name the group, as a hold's or an escalation's, naming rule and field", async () => {
    await make("finance");
    await make("legal");
    await saveRuleSet(ana(), {
      workspaceId: world.workspace.id,
      rules: {
        rules: [
          {
            slug: "legal-hold",
            match: { conversationLabels: ["legal"] },
            outcome: { hold: { group: "role:admin", approvals: 1, escalate: { afterMinutes: 60, group: "legal" } } },
          },
          { slug: "finance-hold", match: {}, outcome: { hold: { group: "finance", approvals: 2 } } },
        ],
      },
      reason: "Routed",
    });
    for (const [slug, field] of [
      ["finance", "rules[1].outcome.hold.group"],
      ["legal", "rules[0].outcome.hold.escalate.group"],
    ] as const) {
      const before = await group(slug);
      const error = await deleteApproverGroup(ana(), { workspaceId: world.workspace.id, slug }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "invalid_body", extras: { field } });
      expect((error as Error).message).toMatch(new RegExp(`^${slug} cannot be deleted: the current rules \\(version 1\\) name it: rules\\[`));
      expect(await group(slug)).toEqual(before);
    }
    // Once the rules no longer name it, it goes.
    await saveRuleSet(systemActor, { workspaceId: world.workspace.id, rules: { rules: [] }, reason: "None" });
    await deleteApproverGroup(systemActor, { workspaceId: world.workspace.id, slug: "legal" });
    expect(await group("legal")).toBeNull();
  });

  it("refuses while an item routed to it waits for a decision, not once it was decided", async () => {
    const conversationId = world.conversations[0]!.id;
    const drafted = await api("POST", `/conversations/${conversationId}/drafts`, {
      key: world.bots[0]!.api_key,
      body: { body: "Shall I refund?" },
    });
    const draftId = drafted.body.data.id as string;
    // Routed to finance by rules since changed (the rules in force name no group now).
    await sql().unchecked("UPDATE drafts SET approver_group = 'finance' WHERE id = $1", [draftId]);
    const before = await group("finance");
    await expect(deleteApproverGroup(ana(), { workspaceId: world.workspace.id, slug: "finance" })).rejects.toMatchObject({
      code: "conflict",
      message: "finance cannot be deleted: an item waits for its people to decide",
    });
    expect(await group("finance")).toEqual(before);
    await sql().unchecked("UPDATE drafts SET status = 'rejected', decided_at = now() WHERE id = $1", [draftId]);
    await deleteApproverGroup(ana(), { workspaceId: world.workspace.id, slug: "finance" });
    expect(await group("finance")).toBeNull();
  });

  it("lets only admins and the operator delete; the roles are no groups to delete", async () => {
    await make("ops");
    const ask = { workspaceId: world.workspace.id, slug: "ops" };
    await expect(deleteApproverGroup(ben(), ask)).rejects.toMatchObject({ code: "forbidden" });
    const outsider = await seedWorld();
    await expect(deleteApproverGroup(person(outsider.people[0]!.id, "web"), ask)).rejects.toMatchObject({
      code: "not_found",
      message: "Workspace not found",
    });
    await expect(
      deleteApproverGroup(ana(), { workspaceId: world.workspace.id, slug: "role:admin" }),
    ).rejects.toMatchObject({ code: "not_found", message: "Approver group not found" });
    expect(await group("ops")).not.toBeNull();
  });
});
