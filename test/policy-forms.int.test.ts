import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import type { SignedInPerson } from "@/lib/auth/session";
import { systemActor } from "@/lib/people/actor";
import { saveRuleSet } from "@/lib/policy/rule-sets/save-rule-set";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { saveContactRouting } from "@/app/(chat)/chat/_actions/contacts";
import { saveConversationLabels } from "@/app/(chat)/chat/_actions/conversations";
import { savePolicySettings } from "@/app/(chat)/chat/_actions/admin";
import { createApproverGroup, editApproverGroup, removeApproverGroup } from "@/app/(chat)/chat/_actions/rules";

// The chat's forms for what policy rules read and who decides (issue 33), called as a form calls them, with
// everything behind the session real: a contact's labels and time zone, a conversation's labels, the workspace's time
// zone, and the named approver groups. A refusal comes back beside its field, or for the form, with what was typed
// kept and nothing changed; a member is told an admin decides. (Who reaches which object: the tenancy matrix.)

const session = vi.hoisted(() => ({ person: null as SignedInPerson | null }));
vi.mock("@/lib/auth/session", () => ({ signedInPerson: async () => session.person }));
vi.mock("next/cache", () => ({ refresh: () => {}, revalidatePath: () => {} }));

let world: SeededWorld;
const signIn = (index: 0 | 1) => {
  const p = world.people[index]!;
  session.person = { id: p.id, email: p.email, name: p.name, handle: p.handle };
};
const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(name, one);
  return data;
};
const s0 = { n: 0 };
const path = "/chat/probe";

beforeAll(async () => {
  world = await seedWorld();
});

describe("saveContactRouting", () => {
  const contact = () => db().contact.findUniqueOrThrow({ where: { id: world.contacts[0]!.id } });

  it("an admin sets the labels (typed with commas) and the time zone; an empty zone is not known", async () => {
    signIn(0);
    const contactId = world.contacts[0]!.id;
    expect(await saveContactRouting(contactId, path, s0, form({ labels: "VIP, legal,, vip", timeZone: "Europe/Berlin" }))).toEqual({
      n: 1,
      done: "Labels and time zone saved",
    });
    expect(await contact()).toMatchObject({ labels: ["legal", "vip"], timeZone: "Europe/Berlin" });
    await saveContactRouting(contactId, path, s0, form({ labels: "vip", timeZone: " " }));
    expect(await contact()).toMatchObject({ labels: ["vip"], timeZone: null });
  });

  it("answers an unknown zone and too many labels beside their fields, with what was typed; nothing changes", async () => {
    signIn(0);
    const before = await contact();
    const typed = { labels: "vip, legal", timeZone: "Mars/Olympus" };
    expect(await saveContactRouting(world.contacts[0]!.id, path, s0, form(typed))).toEqual({
      n: 1,
      values: typed,
      fieldErrors: { timeZone: "must be an IANA time zone such as Europe/Berlin" },
    });
    const many = { labels: Array.from({ length: 21 }, (_, i) => `l${i}`).join(", "), timeZone: "" };
    expect(await saveContactRouting(world.contacts[0]!.id, path, s0, form(many))).toMatchObject({
      values: many,
      fieldErrors: { labels: "at most 20 labels" },
    });
    expect(await contact()).toEqual(before);
  });

  it("tells a member that an admin changes them, keeping what was typed", async () => {
    signIn(1);
    const typed = { labels: "friend", timeZone: "UTC" };
    expect(await saveContactRouting(world.contacts[0]!.id, path, s0, form(typed))).toEqual({
      n: 1,
      values: typed,
      error: "Only a workspace admin can change a contact's labels or time zone",
    });
    expect((await contact()).labels).toEqual(["vip"]);
  });
});

describe("saveConversationLabels", () => {
  const labels = async () =>
    (await db().conversation.findUniqueOrThrow({ where: { id: world.conversations[0]!.id } })).labels;

  it("an admin sets them; a label too long is answered beside the field; a member is told an admin changes them", async () => {
    signIn(0);
    const conversationId = world.conversations[0]!.id;
    expect(await saveConversationLabels(conversationId, path, s0, form({ labels: "Legal\nEscalated" }))).toEqual({
      n: 1,
      done: "Labels saved",
    });
    expect(await labels()).toEqual(["escalated", "legal"]);
    expect(await saveConversationLabels(conversationId, path, s0, form({ labels: "x".repeat(41) }))).toMatchObject({
      fieldErrors: { labels: "a label has at most 40 characters" },
    });
    signIn(1);
    expect(await saveConversationLabels(conversationId, path, s0, form({ labels: "" }))).toEqual({
      n: 1,
      values: { labels: "" },
      error: "Only a workspace admin can change a conversation's labels",
    });
    expect(await labels()).toEqual(["escalated", "legal"]);
  });
});

describe("savePolicySettings: the workspace's time zone", () => {
  it("saves a zone with the other settings; an empty or unknown one is answered beside the field", async () => {
    signIn(0);
    const typed = {
      newBotThreshold: "50",
      dailyLimit: "1000",
      conversationLimit: "",
      conversationWindowSeconds: "3600",
      approvalReminderMinutes: "60",
      ratePerSecond: "10",
      rateBurst: "30",
    };
    const zone = async () =>
      (await db().workspaceSettings.findUniqueOrThrow({ where: { workspaceId: world.workspace.id } })).timeZone;
    expect(await savePolicySettings(world.workspace.id, path, s0, form({ ...typed, timeZone: "Asia/Tokyo" }))).toEqual({
      n: 1,
      done: "Policy saved",
    });
    expect(await zone()).toBe("Asia/Tokyo");
    for (const timeZone of ["", "Nowhere/Special"])
      expect(await savePolicySettings(world.workspace.id, path, s0, form({ ...typed, timeZone }))).toEqual({
        n: 1,
        values: { ...typed, timeZone },
        fieldErrors: { timeZone: "must be an IANA time zone such as Europe/Berlin" },
      });
    expect(await zone()).toBe("Asia/Tokyo");
  });
});

describe("createApproverGroup, editApproverGroup and removeApproverGroup", () => {
  const members = async (slug: string) =>
    (
      await db().approverGroup.findUnique({
        where: { workspaceId_slug: { workspaceId: world.workspace.id, slug } },
        include: { members: true },
      })
    )?.members.map((m) => m.userId);

  it("makes a group of the people ticked, then empties the form; a slug in use is refused beside it", async () => {
    signIn(0);
    const [ana, ben] = world.people;
    const typed = { slug: "finance", name: "Finance", memberIds: [ana!.id, ben!.id] };
    expect(await createApproverGroup(world.workspace.id, path, s0, form(typed))).toEqual({
      n: 1,
      done: "Group finance made",
      values: { slug: "", name: "", memberIds: [] },
    });
    expect((await members("finance"))?.sort()).toEqual([ana!.id, ben!.id].sort());
    const again = { slug: "finance", name: "Other finance", memberIds: [ben!.id] };
    expect(await createApproverGroup(world.workspace.id, path, s0, form(again))).toEqual({
      n: 1,
      values: again,
      fieldErrors: { slug: "There is already a group finance: change it in its own form" },
    });
    expect((await members("finance"))?.length).toBe(2);
  });

  it("answers a malformed slug, a missing name and someone outside the workspace beside their fields", async () => {
    signIn(0);
    const outsider = (await seedWorld()).people[0]!.id;
    const answer = (fields: Record<string, string | string[]>) =>
      createApproverGroup(world.workspace.id, path, s0, form({ slug: "legal", name: "Legal", memberIds: [], ...fields }));
    expect(await answer({ slug: "Legal Team" })).toMatchObject({ fieldErrors: { slug: expect.stringContaining("lowercase") } });
    expect(await answer({ slug: "role:admin" })).toMatchObject({ fieldErrors: { slug: expect.stringContaining("lowercase") } });
    expect(await answer({ name: " " })).toMatchObject({ fieldErrors: { name: expect.stringContaining("1 to 100") } });
    expect(await answer({ memberIds: [outsider] })).toMatchObject({
      values: { slug: "legal", name: "Legal", memberIds: [outsider] },
      fieldErrors: { memberIds: "Every member of an approver group must be a member of the workspace" },
    });
    expect(await members("legal")).toBeUndefined();
  });

  it("changes a group's name and people; refuses, naming the rule, a change the rules in force cannot live with", async () => {
    signIn(0);
    const [ana, ben] = world.people;
    await saveRuleSet(systemActor, {
      workspaceId: world.workspace.id,
      rules: { rules: [{ slug: "two-of-finance", match: {}, outcome: { hold: { group: "finance", approvals: 2 } } }] },
      reason: "two approvals",
    });
    const typed = { name: "Finance", memberIds: [ben!.id] };
    const refused = await editApproverGroup(world.workspace.id, "finance", path, s0, form(typed));
    expect(refused).toMatchObject({ n: 1, values: { slug: "finance", ...typed } });
    expect(refused.error).toMatch(/^This change to finance would break the current rules \(version 1\): rules\[0\] \(two-of-finance\)/);
    expect((await members("finance"))?.length).toBe(2);

    expect(
      await editApproverGroup(world.workspace.id, "finance", path, s0, form({ name: "Finance team", memberIds: [ana!.id, ben!.id] })),
    ).toEqual({ n: 1, done: "Group finance saved" });
    expect(await db().approverGroup.findFirst({ where: { workspaceId: world.workspace.id, slug: "finance" } })).toMatchObject({
      name: "Finance team",
    });
  });

  it("tells a member that admins manage groups, and changes nothing", async () => {
    signIn(1);
    const typed = { slug: "ops", name: "Ops", memberIds: [] };
    expect(await createApproverGroup(world.workspace.id, path, s0, form(typed))).toMatchObject({
      values: typed,
      error: expect.stringContaining("admin"),
    });
    expect(await editApproverGroup(world.workspace.id, "finance", path, s0, form({ name: "Mine" }))).toMatchObject({
      error: expect.stringContaining("admin"),
    });
    expect(await members("ops")).toBeUndefined();
  });

  it("deletes a group the rules do not name; refuses, in words, one they do, and a member", async () => {
    signIn(0);
    await createApproverGroup(world.workspace.id, path, s0, form({ slug: "temp", name: "Temp", memberIds: [] }));
    expect(await removeApproverGroup(world.workspace.id, "finance", path, s0)).toMatchObject({
      n: 1,
      error: expect.stringMatching(/^finance cannot be deleted: the current rules \(version 1\) name it: rules\[0\] \(two-of-finance\)/),
    });
    signIn(1);
    expect(await removeApproverGroup(world.workspace.id, "temp", path, s0)).toMatchObject({ error: expect.stringContaining("admin") });
    expect(await members("temp")).toEqual([]);
    signIn(0);
    expect(await removeApproverGroup(world.workspace.id, "temp", path, s0)).toEqual({ n: 1, done: "Group temp deleted" });
    expect(await members("temp")).toBeUndefined();
    expect(await members("finance")).toHaveLength(2);
  });
});
