import { beforeEach, describe, expect, it } from "vitest";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { createBot } from "@/lib/bots/create-bot";
import { issueApiKey, revokeApiKey } from "@/lib/bots/issue-api-key";
import { db } from "@/lib/db/client";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { sendMessage } from "@/lib/messages/send-message";
import { person, systemActor, type PersonActor } from "@/lib/people/actor";
import { deleteApproverGroup } from "@/lib/policy/rule-sets/delete-approver-group";
import { saveApproverGroup } from "@/lib/policy/rule-sets/save-approver-group";
import { saveRuleSet } from "@/lib/policy/rule-sets/save-rule-set";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { authenticatePersonalToken } from "@/lib/tokens/authenticate-token";
import { createPersonalToken } from "@/lib/tokens/create-token";
import { rotateSigningSecret } from "@/lib/webhooks/rotate-signing-secret";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { beginTotpEnrolment, confirmTotpEnrolment } from "./authenticator";
import { setSecondFactorPolicy } from "./enforcement";
import { confirmStepUp, STEP_UP_SECONDS, stepUpStanding } from "./step-up-gate";
import { totpCodeAt } from "./totp";
import { holdLargeAmountsWithStepUp, inBrowser as browserSession, STEP_UP_RULES } from "@/test/step-up";

// Step-up for the changes that decide who may decide (issue 34 item 2; docs/decisions/037): in a workspace whose
// `step_up` is `approvals`, an admin's change to rules and approver groups, the policy and second-factor settings, a
// bot's keys and signing secret, and a person's new token need a passkey or authenticator check within 5 minutes.
// The operator at the command line is not asked. And an assistant's access remembers whether it was granted right
// after such a check: only then may it approve an item that needs step-up.

let world: SeededWorld;
let secret: string;
const ana = () => person(world.people[0]!.id, "web"); // admin
const refused = { code: "forbidden", extras: { reasons: ["step_up_required"] } };
const stale = () => new Date(Date.now() - (STEP_UP_SECONDS + 30) * 1000);

/** Ana in a browser session of hers, last strongly checked at `strongAuthAt`. */
const inBrowser = (strongAuthAt: Date | null) => browserSession(ana().userId, strongAuthAt);
const rules = STEP_UP_RULES;

beforeEach(async () => {
  world = await seedWorld();
  const now = new Date();
  ({ secret } = await beginTotpEnrolment(ana()));
  await confirmTotpEnrolment(ana(), { code: totpCodeAt(secret, now), now });
});

describe("in a workspace that asks for step-up", () => {
  beforeEach(async () => {
    await setSecondFactorPolicy(ana(), { workspaceId: world.workspace.id, policy: { stepUp: "approvals" } });
  });

  it("refuses every change to who may decide without a fresh check, and changes nothing", async () => {
    const workspaceId = world.workspace.id;
    const bot = world.bots[0]!;
    for (const actor of [await inBrowser(null), await inBrowser(stale()), person(ana().userId, "mcp")]) {
      await expect(saveRuleSet(actor, { workspaceId, rules, reason: "x" })).rejects.toMatchObject(refused);
      await expect(
        saveApproverGroup(actor, { workspaceId, slug: "finance", name: "Finance", memberIds: [] }),
      ).rejects.toMatchObject(refused);
      await expect(updatePolicySettings(actor, { workspaceId, changes: { dailyLimit: 5 } })).rejects.toMatchObject(
        refused,
      );
      await expect(setSecondFactorPolicy(actor, { workspaceId, policy: { stepUp: "off" } })).rejects.toMatchObject(
        refused,
      );
      await expect(issueApiKey(actor, { botId: bot.id, name: "stolen" })).rejects.toMatchObject(refused);
      await expect(rotateSigningSecret(actor, { botId: bot.id })).rejects.toMatchObject(refused);
      await expect(
        createPersonalToken(actor, { workspaceId, name: "stolen", scopes: ["write"] }),
      ).rejects.toMatchObject(refused);
      await expect(createBot(actor, { workspaceId, handle: "sneaky", name: "Sneaky" })).rejects.toMatchObject(refused);
    }
    const key = await db().apiKey.findFirstOrThrow({ where: { botId: bot.id } });
    await expect(revokeApiKey(await inBrowser(null), key.id)).rejects.toMatchObject(refused);
    expect(await db().policyRuleSetVersion.count({ where: { workspaceId } })).toBe(0);
    expect(await db().apiKey.count({ where: { botId: bot.id } })).toBe(1);
    expect(await db().personalAccessToken.count()).toBe(0);
    expect(await db().bot.count({ where: { handle: "sneaky" } })).toBe(0);
    const settings = await db().workspaceSettings.findUniqueOrThrow({ where: { workspaceId } });
    expect(settings).toMatchObject({ stepUp: "approvals", dailyLimit: 1000 });
    // The page says what is asked, and that the session has no check that counts.
    expect(await stepUpStanding(await inBrowser(null), { workspaceId })).toEqual({
      required: true,
      hasFactor: true,
      freshUntil: null,
    });
  });

  it("allows them after 'Confirm it's you', for 5 minutes; the operator is never asked", async () => {
    const workspaceId = world.workspace.id;
    const browser = await inBrowser(null);
    await expect(confirmStepUp(browser, { proof: {} })).rejects.toMatchObject({ code: "invalid_body" });
    await expect(confirmStepUp(browser, { proof: { code: "000000" } })).rejects.toMatchObject(refused);
    await confirmStepUp(browser, { proof: { code: totpCodeAt(secret, new Date(Date.now() + 30_000)) } });
    const { strongAuthAt } = await db().personSession.findUniqueOrThrow({ where: { id: browser.session!.id } });
    const fresh: PersonActor = { ...browser, session: { id: browser.session!.id, strongAuthAt } };
    expect((await stepUpStanding(fresh, { workspaceId })).freshUntil).toEqual(
      new Date(strongAuthAt!.getTime() + STEP_UP_SECONDS * 1000),
    );
    expect((await saveRuleSet(fresh, { workspaceId, rules, reason: "fresh" })).version).toBe(1);
    expect((await issueApiKey(fresh, { botId: world.bots[0]!.id, name: "second" })).name).toBe("second");
    expect((await saveRuleSet(systemActor, { workspaceId, rules, reason: "operator" })).version).toBe(2);
    // Turning step-up off is a change like the others; turning it on again asks nothing (it guards nothing yet).
    await setSecondFactorPolicy(fresh, { workspaceId, policy: { stepUp: "off" } });
    await setSecondFactorPolicy(await inBrowser(null), { workspaceId, policy: { stepUp: "approvals" } });
  });
});

describe("without step-up in the workspace", () => {
  it("asks nothing of admin changes", async () => {
    const workspaceId = world.workspace.id;
    expect((await saveRuleSet(await inBrowser(null), { workspaceId, rules, reason: "x" })).version).toBe(1);
    // Past the gate: the group is simply not there.
    await expect(deleteApproverGroup(await inBrowser(null), { workspaceId, slug: "nothing" })).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await stepUpStanding(await inBrowser(null), { workspaceId })).required).toBe(false);
  });
});

describe("an assistant's token and an item that needs step-up", () => {
  async function holdLargeAmount() {
    await holdLargeAmountsWithStepUp(world);
    const bot = (await authenticateBot(world.bots[0]!.api_key))!;
    const held = await sendMessage(bot, {
      conversationId: world.conversations[1]!.id,
      input: { body: "The invoice comes to $2,000.", blocks: undefined },
    });
    if (held.status !== "pending_approval") throw new Error(`expected a hold, got ${held.status}`);
    return held.approvalId;
  }

  it("a token made without a fresh check cannot approve it, and says how to fix it", async () => {
    const id = await holdLargeAmount();
    const made = await createPersonalToken(await inBrowser(stale()), {
      workspaceId: world.workspace.id,
      name: "assistant",
      scopes: ["write"],
    });
    const principal = (await authenticatePersonalToken(made.token))!;
    expect(principal.actor.strongGrant).toBe(false);
    await expect(approveDraft(principal.actor, { draftId: id })).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining("connect the assistant again after confirming"),
    });
    expect((await db().draft.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
  });

  it("a token made within 5 minutes of a check approves it, sent once, and its record says so", async () => {
    const id = await holdLargeAmount();
    const made = await createPersonalToken(await inBrowser(new Date()), {
      workspaceId: world.workspace.id,
      name: "assistant",
      scopes: ["write"],
    });
    const principal = (await authenticatePersonalToken(made.token))!;
    expect(principal.actor.strongGrant).toBe(true);
    const approved = await approveDraft(principal.actor, { draftId: id });
    expect(approved.message?.body).toBe("The invoice comes to $2,000.");
    expect(await db().message.count({ where: { body: "The invoice comes to $2,000." } })).toBe(1);
    const audit = await db().auditEvent.findFirstOrThrow({
      where: { action: "personal_token.created", subjectId: made.id },
    });
    expect(audit.data).toMatchObject({ strong: true });
  });
});
