import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { person } from "@/lib/people/actor";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { sendMessage } from "@/lib/messages/send-message";
import { saveRuleSet } from "@/lib/policy/rule-sets/save-rule-set";
import { sendReminders } from "@/lib/notifications/reminders";
import { whoIsTold } from "@/lib/notifications/recipients";
import { compose } from "@/lib/notifications/compose";
import { addFinanceGroup } from "@/test/finance-group";
import { runFanOuts } from "@/test/notifications";
import { approveDraft, rejectDraft } from "./approve-draft";
import { listPendingApprovals } from "./list-pending-approvals";
import { getThread } from "@/lib/chat/get-thread";

// Approval routing (issue 33): an item a workspace rule holds records its approver group and how many distinct
// people of it must approve. One person counts once, through any door; anyone of the group may reject, which ends
// it; an approver's edit resets the approvals given; the bot's registrant alone is never enough when two are asked;
// after the rule's time its escalation group is told and may decide too. Only those who may decide are offered it.

let world: SeededWorld;
let fin: { id: string; name: string };
let renewal: string; // the helper's conversation with Dev; Ben does not take part in it
const ana = (via: "web" | "mcp" = "web") => person(world.people[0]!.id, via); // admin, not in Finance
const ben = () => person(world.people[1]!.id, "web"); // member, in Finance
const finance = (via: "web" | "mcp" = "web") => person(fin.id, via); // member, in Finance, registered the helper bot

const MONEY_RULE = {
  slug: "billing-over-500",
  match: { content: [{ kind: "money", over: 500 }] },
  outcome: { hold: { group: "finance", approvals: 2, escalate: { afterMinutes: 60, group: "role:admin" } } },
};

beforeEach(async () => {
  world = await seedWorld();
  renewal = world.conversations[1]!.id;
  fin = await addFinanceGroup(world);
  // Fin registered the billing bot (the seed registers its bots as the operator).
  await db().bot.update({ where: { id: world.bots[0]!.id }, data: { createdByUserId: fin.id } });
  await saveRuleSet(ana(), { workspaceId: world.workspace.id, rules: { rules: [MONEY_RULE] }, reason: "test" });
});

async function holdMoney(body = "Your renewal comes to $1,200.") {
  const bot = (await authenticateBot(world.bots[0]!.api_key))!;
  const held = await sendMessage(bot, { conversationId: renewal, input: { body, blocks: undefined } });
  if (held.status !== "pending_approval") throw new Error("expected a hold");
  return held.approvalId;
}
const sentCount = () => db().message.count({ where: { conversationId: renewal, senderBotId: world.bots[0]!.id } });

describe("two approvals from Finance", () => {
  it("the first leaves it waiting (1 of 2), the bot's registrant alone is not enough through any door, the second sends it exactly once", async () => {
    const id = await holdMoney();
    const before = await sentCount();

    const first = await approveDraft(finance("web"), { draftId: id });
    expect(first.message).toBeNull();
    expect(first.approvals).toEqual({ given: 1, required: 2 });
    expect(first.draft.status).toBe("pending");
    expect(await sentCount()).toBe(before);

    // The registrant again, through their assistant: one person counts once.
    await expect(approveDraft(finance("mcp"), { draftId: id })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("You already approved"),
    });
    const inbox = await listPendingApprovals(finance(), { workspaceId: world.workspace.id });
    expect(inbox.find((d) => d.id === id)?.approvals).toEqual({
      required: 2,
      group: "finance",
      by: [{ handle: expect.any(String), name: "Fin Ance" }],
      mine: true,
    });

    // An admin outside Finance sees the conversation, but the rule names Finance.
    await expect(approveDraft(ana(), { draftId: id })).rejects.toMatchObject({
      code: "forbidden",
      message: "Only the approver group finance may decide this item",
    });

    // Ben does not take part in the conversation, but Finance decides: his approval is the second.
    const second = await approveDraft(ben(), { draftId: id });
    expect(second.message).toMatchObject({ body: "Your renewal comes to $1,200." });
    expect(second.draft.status).toBe("approved");
    expect(await sentCount()).toBe(before + 1);
    await expect(approveDraft(ben(), { draftId: id })).rejects.toMatchObject({ code: "conflict" });
    expect(await sentCount()).toBe(before + 1);
  });

  it("two last approvals at once send it once", async () => {
    const id = await holdMoney();
    await approveDraft(ben(), { draftId: id }).catch(() => undefined);
    // Reset, so that both of the next two would be the second.
    await db().draftApproval.deleteMany({ where: { draftId: id } });
    await db().draftApproval.create({ data: { draftId: id, userId: ana().userId, via: "web" } });
    const before = await sentCount();
    const results = await Promise.allSettled([approveDraft(ben(), { draftId: id }), approveDraft(finance(), { draftId: id })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await sentCount()).toBe(before + 1);
  });

  it("an approver's edit resets the approvals given and is what is sent", async () => {
    const id = await holdMoney();
    await approveDraft(ben(), { draftId: id });
    const edited = await approveDraft(finance(), { draftId: id, body: "Your renewal comes to $1,150 after the discount." });
    expect(edited.approvals).toEqual({ given: 1, required: 2 });
    const row = await db().draft.findUniqueOrThrow({ where: { id }, include: { approvals: true } });
    expect(row).toMatchObject({ body: "Your renewal comes to $1,150 after the discount.", edited: true });
    expect(row.approvals.map((a) => a.userId)).toEqual([fin.id]);
    expect(
      await db().auditEvent.findFirstOrThrow({ where: { subjectId: id, action: "held_message.edited" } }),
    ).toMatchObject({ actorId: fin.id, data: { body: "Your renewal comes to $1,150 after the discount.", approvals_reset: 1 } });

    const sent = await approveDraft(ben(), { draftId: id });
    expect(sent.message).toMatchObject({ body: "Your renewal comes to $1,150 after the discount." });
  });

  it("anyone of the group may reject, and a rejection ends it", async () => {
    const id = await holdMoney();
    await approveDraft(finance(), { draftId: id });
    const rejected = await rejectDraft(ben(), { draftId: id, note: "Wrong amount" });
    expect(rejected.status).toBe("rejected");
    await expect(approveDraft(ben(), { draftId: id })).rejects.toMatchObject({ code: "conflict" });
  });

  it("offers the item only to those who may decide it", async () => {
    const id = await holdMoney();
    const offered = async (actor: ReturnType<typeof ana>) =>
      (await listPendingApprovals(actor, { workspaceId: world.workspace.id })).some((d) => d.id === id);
    expect(await offered(ben())).toBe(true);
    expect(await offered(finance())).toBe(true);
    expect(await offered(ana())).toBe(false);
    // In the conversation, the admin who sees it is shown the item, who decides it, and no buttons.
    await approveDraft(finance(), { draftId: id });
    expect((await getThread(ana(), renewal)).drafts.find((d) => d.id === id)).toMatchObject({
      decidable: false,
      approvals: { required: 2, group: "finance", by: [{ name: "Fin Ance" }], mine: false },
    });
    expect((await whoIsTold({ event: "draft", id }))?.userIds).toEqual([world.people[1]!.id, fin.id].sort());
  });
});

describe("escalation", () => {
  it("after the rule's time tells the escalation group, once, and lets it decide too; expiry is unchanged", async () => {
    const id = await holdMoney();
    const created = (await db().draft.findUniqueOrThrow({ where: { id } })).createdAt;
    expect((await sendReminders(new Date(created.getTime() + 59 * 60_000))).escalated).toBe(0);
    await expect(approveDraft(ana(), { draftId: id })).rejects.toMatchObject({ code: "forbidden" });

    const at = new Date(created.getTime() + 61 * 60_000);
    expect((await sendReminders(at)).escalated).toBeGreaterThanOrEqual(1);
    expect((await db().draft.findUniqueOrThrow({ where: { id } })).escalatedAt).toEqual(at);
    // In the audit chain, once (issue 34): by ids and the groups' slugs.
    const chained = await db().auditLogEntry.findMany({ where: { kind: "held_message.escalated", subjectId: id } });
    expect(chained.map((e) => [e.actorType, e.workspaceId, e.facts])).toEqual([
      ["system", world.workspace.id, { conversationId: renewal, group: "finance", escalatedTo: "role:admin" }],
    ]);
    expect((await sendReminders(new Date(at.getTime() + 60_000))).escalated).toBe(0);
    expect((await whoIsTold({ event: "draft_escalated", id }))?.userIds).toEqual([world.people[0]!.id]);
    expect(await compose({ event: "draft_escalated", id }, at)).toMatchObject({
      kind: "escalation",
      title: expect.stringContaining("Nobody decided in 60 min, you may now: Held message from Helper"),
      path: `/chat/${world.workspace.slug}/approvals#draft-${id}`,
    });
    // The fan-out writes the escalation group's notification (the kind was once refused by the table's check).
    await runFanOuts(at);
    const told = await db().notification.findMany({ where: { subjectId: id, kind: "escalation" } });
    expect(told.map((n) => n.userId)).toEqual([world.people[0]!.id]);
    expect(told[0]!.path).toBe(`/chat/${world.workspace.slug}/approvals#draft-${id}`);

    // The admins may decide now, in the approvals inbox and in the conversation; their approval counts as one of the two.
    expect((await getThread(ana(), renewal)).drafts.find((d) => d.id === id)?.decidable).toBe(true);
    expect((await listPendingApprovals(ana(), { workspaceId: world.workspace.id })).some((d) => d.id === id)).toBe(true);
    expect((await approveDraft(ana(), { draftId: id })).approvals).toEqual({ given: 1, required: 2 });
    expect((await approveDraft(ben(), { draftId: id })).message).not.toBeNull();
    expect((await db().draft.findUniqueOrThrow({ where: { id } })).expiresAt.getTime()).toBeGreaterThan(at.getTime());
  });
});
