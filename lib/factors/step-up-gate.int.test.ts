import { beforeEach, describe, expect, it } from "vitest";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { db } from "@/lib/db/client";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { sendMessage } from "@/lib/messages/send-message";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { holdLargeAmountsWithStepUp, inBrowser as browserSession } from "@/test/step-up";
import { beginTotpEnrolment, confirmTotpEnrolment } from "./authenticator";
import { setSecondFactorPolicy } from "./enforcement";
import { STEP_UP_SECONDS } from "./step-up-gate";
import { totpCodeAt } from "./totp";

// Step-up (issue 34 item 2): an item a rule held with `stepUp`, or any item of a workspace that asks it of every
// approval, is approved only by a browser session that checked a passkey or an authenticator code within 5 minutes,
// or with one given with the approval. An assistant (MCP) or the CLI cannot, and says so; nothing is sent meanwhile.

let world: SeededWorld;
let secret: string;
const ana = () => person(world.people[0]!.id, "web"); // admin

/** Ana in a browser session of hers, last strongly checked at `strongAuthAt`. */
const inBrowser = (strongAuthAt: Date | null) => browserSession(ana().userId, strongAuthAt);

async function hold(body: string) {
  const bot = (await authenticateBot(world.bots[0]!.api_key))!;
  const held = await sendMessage(bot, {
    conversationId: world.conversations[1]!.id,
    input: { body, blocks: undefined },
  });
  if (held.status !== "pending_approval") throw new Error(`expected a hold, got ${held.status}`);
  return held.approvalId;
}

beforeEach(async () => {
  world = await seedWorld();
  const now = new Date();
  ({ secret } = await beginTotpEnrolment(ana()));
  await confirmTotpEnrolment(ana(), { code: totpCodeAt(secret, now), now });
  await holdLargeAmountsWithStepUp(world);
});

describe("an item a rule held with stepUp", () => {
  it("records it, and is refused to an assistant, the CLI and a browser session without a fresh check", async () => {
    const id = await hold("The invoice comes to $2,000.");
    expect((await db().draft.findUniqueOrThrow({ where: { id } })).stepUp).toBe(true);
    const refused = { code: "forbidden", extras: { reasons: ["step_up_required"] } };
    await expect(approveDraft(person(ana().userId, "mcp"), { draftId: id })).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining("granted without one"),
    });
    await expect(approveDraft(person(ana().userId, "cli"), { draftId: id })).rejects.toMatchObject(refused);
    const stale = new Date(Date.now() - (STEP_UP_SECONDS + 30) * 1000);
    await expect(approveDraft(await inBrowser(stale), { draftId: id })).rejects.toMatchObject(refused);
    await expect(
      approveDraft(await inBrowser(null), { draftId: id, stepUp: { code: "000000" } }),
    ).rejects.toMatchObject({ ...refused, extras: { field: "step_up_code" } });
    expect((await db().draft.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
  });

  it("is approved with a code given with the approval, sent once; the session then needs none for 5 minutes", async () => {
    const first = await hold("The invoice comes to $2,000.");
    const browser = await inBrowser(null);
    // The code of the next 30-second step: the one enrolment used is spent.
    const code = totpCodeAt(secret, new Date(Date.now() + 30_000));
    const approved = await approveDraft(browser, { draftId: first, stepUp: { code } });
    expect(approved.message?.body).toBe("The invoice comes to $2,000.");
    const session = await db().personSession.findUniqueOrThrow({ where: { id: browser.session!.id } });
    expect(session.strongAuthAt).not.toBeNull();

    const second = await hold("The refund comes to $900.");
    const fresh = { ...browser, session: { id: browser.session!.id, strongAuthAt: session.strongAuthAt } };
    expect((await approveDraft(fresh, { draftId: second })).message?.body).toBe("The refund comes to $900.");
  });
});

describe("a workspace that asks it of every approval", () => {
  it("applies to items the built-in rules held too", async () => {
    await setSecondFactorPolicy(ana(), { workspaceId: world.workspace.id, policy: { stepUp: "approvals" } });
    const bot = (await authenticateBot(world.bots.find((b) => !b.established)!.api_key))!;
    const conversationId = world.conversations.find((c) => c.bot_ids.includes(bot.id))!.id;
    const held = await sendMessage(bot, { conversationId, input: { body: "Hello there.", blocks: undefined } });
    if (held.status !== "pending_approval") throw new Error("expected a hold");
    expect((await db().draft.findUniqueOrThrow({ where: { id: held.approvalId } })).stepUp).toBe(false);
    await expect(approveDraft(await inBrowser(null), { draftId: held.approvalId })).rejects.toMatchObject({
      extras: { reasons: ["step_up_required"] },
    });
    expect((await approveDraft(await inBrowser(new Date()), { draftId: held.approvalId })).message?.body).toBe(
      "Hello there.",
    );
  });
});
