import { beforeEach, describe, expect, it } from "vitest";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { db } from "@/lib/db/client";
import { approveDraft, rejectDraft } from "@/lib/drafts/approve-draft";
import { sendMessage } from "@/lib/messages/send-message";
import { person, systemActor, type PersonActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { beginTotpEnrolment, confirmTotpEnrolment } from "./authenticator";
import { needsEnrolment, requiresTwoFactors, setSecondFactorPolicy, twoFactorStanding } from "./enforcement";
import { removeFactor } from "./remove-factor";
import { totpCodeAt } from "./totp";

// A workspace that requires a second factor (issue 34 item 2): an admin sets it (not without a factor of their own);
// a member without one reads but does not decide, through any door, and the item keeps waiting; with one they decide;
// their last factor cannot be removed while a workspace of theirs requires one.

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = (via: "web" | "mcp" = "web") => person(world.people[1]!.id, via); // member

async function addAuthenticator(actor: PersonActor) {
  const now = new Date();
  const { secret } = await beginTotpEnrolment(actor);
  await confirmTotpEnrolment(actor, { code: totpCodeAt(secret, now), now });
}

/** A message of the new (not yet established) bot in Ben's conversation: held for a person. */
async function held(body: string) {
  const bot = (await authenticateBot(world.bots.find((b) => !b.established)!.api_key))!;
  const conversationId = world.conversations.find((c) => c.bot_ids.includes(bot.id))!.id;
  const sent = await sendMessage(bot, { conversationId, input: { body, blocks: undefined } });
  if (sent.status !== "pending_approval") throw new Error(`expected a hold, got ${sent.status}`);
  return sent.approvalId;
}

beforeEach(async () => {
  world = await seedWorld();
});

describe("setting what a workspace requires", () => {
  it("admins only, with a factor of their own; a mode it does not know is refused; audited in the chain", async () => {
    const workspaceId = world.workspace.id;
    await expect(
      setSecondFactorPolicy(ben(), { workspaceId, policy: { twoFactor: "approvers" } }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      setSecondFactorPolicy(ana(), { workspaceId, policy: { twoFactor: "approvers" } }),
    ).rejects.toMatchObject({
      code: "conflict",
      extras: { field: "two_factor" },
    });
    await expect(
      setSecondFactorPolicy(ana(), { workspaceId, policy: { twoFactor: "sometimes" } }),
    ).rejects.toMatchObject({
      code: "invalid_body",
    });
    expect((await twoFactorStanding({ workspaceId, userId: ana().userId })).mode).toBe("off");

    await addAuthenticator(ana());
    expect(await setSecondFactorPolicy(ana(), { workspaceId, policy: { twoFactor: "approvers" } })).toEqual({
      workspace_id: workspaceId,
      two_factor: "approvers",
      step_up: "off",
    });
    // The operator may set it for anyone (the CLI acts as the system).
    await setSecondFactorPolicy(systemActor, { workspaceId, policy: { twoFactor: "everyone" } });
    const chained = await db().auditLogEntry.findMany({ where: { kind: "workspace.second_factors_set", workspaceId } });
    expect(chained).toHaveLength(2);
  });
});

describe("a member without a second factor", () => {
  it("reads but does not decide, through the chat or their assistant; with one, decides", async () => {
    const workspaceId = world.workspace.id;
    await addAuthenticator(ana());
    await setSecondFactorPolicy(ana(), { workspaceId, policy: { twoFactor: "approvers" } });
    const id = await held("Hello from the new bot.");
    expect(await twoFactorStanding({ workspaceId, userId: ben().userId })).toEqual({
      mode: "approvers",
      stepUp: "off",
      hasFactor: false,
      mayDecide: false,
    });

    const refusal = { code: "forbidden", extras: { reasons: ["second_factor_required"] } };
    await expect(approveDraft(ben(), { draftId: id })).rejects.toMatchObject(refusal);
    await expect(approveDraft(ben("mcp"), { draftId: id })).rejects.toMatchObject(refusal);
    await expect(rejectDraft(ben(), { draftId: id })).rejects.toMatchObject(refusal);
    expect((await db().draft.findUniqueOrThrow({ where: { id } })).status).toBe("pending");

    await addAuthenticator(ben());
    const approved = await approveDraft(ben(), { draftId: id });
    expect(approved.message?.body).toBe("Hello from the new bot.");
  });

  it("cannot remove their last factor while a workspace of theirs requires one; can once it no longer does", async () => {
    const workspaceId = world.workspace.id;
    await addAuthenticator(ana());
    await addAuthenticator(ben());
    expect(await requiresTwoFactors(ben().userId)).toBe(false);
    await setSecondFactorPolicy(ana(), { workspaceId, policy: { twoFactor: "everyone" } });
    expect(await requiresTwoFactors(ben().userId)).toBe(true);
    await expect(removeFactor(ben(), { kind: "totp" })).rejects.toMatchObject({ code: "conflict" });
    expect(await db().totpFactor.count({ where: { userId: ben().userId, confirmedAt: { not: null } } })).toBe(1);

    await setSecondFactorPolicy(ana(), { workspaceId, policy: { twoFactor: "off" } });
    await removeFactor(ben(), { kind: "totp" });
    expect(await db().totpFactor.count({ where: { userId: ben().userId } })).toBe(0);
  });
});

describe("after signing in", () => {
  it("leads a member to enrol only while a workspace of theirs requires a factor of everyone and they have none", async () => {
    const workspaceId = world.workspace.id;
    await addAuthenticator(ana());
    await setSecondFactorPolicy(ana(), { workspaceId, policy: { twoFactor: "approvers" } });
    expect(await needsEnrolment(ben().userId)).toBe(false); // approvers: refused when deciding, not led
    await setSecondFactorPolicy(ana(), { workspaceId, policy: { twoFactor: "everyone" } });
    expect(await needsEnrolment(ben().userId)).toBe(true);
    expect(await needsEnrolment(ana().userId)).toBe(false);
    await addAuthenticator(ben());
    expect(await needsEnrolment(ben().userId)).toBe(false);
  });
});
