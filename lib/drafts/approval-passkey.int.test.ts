import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { beforeEach, describe, expect, it } from "vitest";
import { digestOf } from "@/lib/audit/audit-log";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { passkeyRegistrationOptions, registerPasskey } from "@/lib/factors/register-passkey";
import { passkeySignInOptions } from "@/lib/factors/verify-passkey";
import { approvalChallengeBytes, relyingParty } from "@/lib/factors/webauthn";
import { sendMessage } from "@/lib/messages/send-message";
import { person } from "@/lib/people/actor";
import { contentDigest } from "@/lib/policy/decide";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { cli } from "@/test/cli";
import { SoftwareAuthenticator } from "@/test/software-authenticator";
import { holdLargeAmountsWithStepUp, inBrowser as browserSession } from "@/test/step-up";
import { approvalPasskeyOptions } from "./approval-passkey";
import { approveDraft } from "./approve-draft";
import { approvalContentDigest } from "./content-digest";

// A passkey approval bound to what is approved (issue 34 item 3; docs/decisions/037): the challenge is derived from
// the item's content digest as seen, the digest of the text sent and a nonce; the assertion is kept with the
// approval and named in the chain, and `cli audit verify-approval` checks it offline against the registered key.
// Refused: a replay, another item's challenge, a sign-in challenge, another origin, and a text other than the one
// the challenge was made for. Each refusal leaves the item waiting.

let world: SeededWorld;
let key: SoftwareAuthenticator;
// Read when used: the environment is read once per process, and the CLI (in this process) must find this file's
// database in it (test/setup-db.ts sets it before the first test, after this module loads).
const rp = () => relyingParty();
const ana = () => person(world.people[0]!.id, "web"); // admin

const inBrowser = () => browserSession(ana().userId, null);

async function hold(body: string) {
  const bot = (await authenticateBot(world.bots[0]!.api_key))!;
  const held = await sendMessage(bot, { conversationId: world.conversations[1]!.id, input: { body, blocks: undefined } });
  if (held.status !== "pending_approval") throw new Error(`expected a hold, got ${held.status}`);
  return held.approvalId;
}

/** The item's content digest, as the card is given it. */
async function seenOf(id: string) {
  const draft = await db().draft.findUniqueOrThrow({ where: { id } });
  return approvalContentDigest({
    id,
    conversationId: draft.conversationId,
    body: draft.body,
    blocks: draft.blocks,
    ruleSetVersion: draft.ruleSetVersion,
  });
}

/** The browser's answer to options made for approving `id` (with `body` typed, if any). */
async function signed(id: string, options: { body?: string; origin?: string } = {}) {
  const seen = await seenOf(id);
  const request = await approvalPasskeyOptions(ana(), { draftId: id, seen, body: options.body ?? null });
  const response = key.assert({ challenge: request.challenge, origin: options.origin ?? rp().origin, rpID: rp().id });
  return { seen, challenge: request.challenge, passkey: JSON.stringify(response), response };
}

const refused = { code: "forbidden", extras: { reasons: ["step_up_required"], field: "step_up_code" } };
const status = async (id: string) => (await db().draft.findUniqueOrThrow({ where: { id } })).status;

beforeEach(async () => {
  world = await seedWorld();
  key = new SoftwareAuthenticator();
  const options = await passkeyRegistrationOptions(ana());
  await registerPasskey(ana(), {
    response: key.register({ challenge: options.challenge, origin: rp().origin, rpID: rp().id }),
    name: "Ana's laptop",
  });
  await holdLargeAmountsWithStepUp(world);
});

describe("approving with a passkey", () => {
  it("signs this item and this text: sent once, the assertion kept and chained, verified offline", async () => {
    const id = await hold("The invoice comes to $2,000.");
    const { seen, challenge, passkey, response } = await signed(id);
    // The challenge is the one anyone can recompute from the digests and the stored nonce.
    const stored = await db().webauthnChallenge.findUniqueOrThrow({ where: { challenge } });
    const sent = contentDigest(["The invoice comes to $2,000."]);
    expect(stored).toMatchObject({ purpose: "approve", draftId: id, seenDigest: seen, sentDigest: sent });
    expect(isoBase64URL.fromBuffer(approvalChallengeBytes({ seenDigest: seen, sentDigest: sent, nonce: stored.nonce! }))).toBe(
      challenge,
    );

    const browser = await inBrowser();
    const approved = await approveDraft(browser, { draftId: id, seen, stepUp: { passkey } });
    expect(approved.message?.body).toBe("The invoice comes to $2,000.");
    expect(await db().message.count({ where: { body: "The invoice comes to $2,000." } })).toBe(1);
    const kept = await db().approvalAssertion.findFirstOrThrow({ where: { draftId: id } });
    expect(kept).toMatchObject({ userId: ana().userId, credentialId: key.id, seenDigest: seen, sentDigest: sent });
    const audit = await db().auditEvent.findFirstOrThrow({ where: { action: "held_message.approved", subjectId: id } });
    expect(audit.data).toMatchObject({ content_digest: seen, sent_digest: sent, assertion_sha256: digestOf(response) });
    // The session counts as freshly checked: the next step-up approval within 5 minutes needs nothing more.
    expect((await db().personSession.findUniqueOrThrow({ where: { id: browser.session!.id } })).strongAuthAt).not.toBeNull();

    expect((await cli("audit", "checkpoint")).code).toBe(0);
    const verified = await cli("audit", "verify-approval", id);
    expect(verified.stderr).toBe("");
    expect(JSON.parse(verified.stdout)).toMatchObject({ ok: true, passkey: "verified", problems: [] });

    // Someone with the database swaps the kept nonce: the challenge no longer recomputes, and it says so.
    await sql().unchecked("UPDATE approval_assertions SET nonce = $2 WHERE draft_id = $1", [id, "00".repeat(32)]);
    const forged = await cli("audit", "verify-approval", id);
    expect(forged.code).toBe(1);
    expect(forged.stderr).toContain("the passkey assertion does not verify for this content");
  });

  it("refuses a replay, another item's challenge, a sign-in challenge, another origin and another text", async () => {
    const first = await hold("The invoice comes to $2,000.");
    const second = await hold("The refund comes to $900.");
    const browser = () => inBrowser();

    // Another item's challenge: made for the first, offered for the second.
    const forFirst = await signed(first);
    await expect(
      approveDraft(await browser(), { draftId: second, seen: await seenOf(second), stepUp: { passkey: forFirst.passkey } }),
    ).rejects.toMatchObject(refused);
    // Used up by that try: the first cannot be approved with it either (a challenge is taken once).
    await expect(
      approveDraft(await browser(), { draftId: first, seen: forFirst.seen, stepUp: { passkey: forFirst.passkey } }),
    ).rejects.toMatchObject(refused);

    // A sign-in challenge, however valid its signature.
    const signIn = await passkeySignInOptions({ address: "198.51.100.9" });
    const signInAnswer = JSON.stringify(key.assert({ challenge: signIn.challenge, origin: rp().origin, rpID: rp().id }));
    await expect(
      approveDraft(await browser(), { draftId: first, seen: await seenOf(first), stepUp: { passkey: signInAnswer } }),
    ).rejects.toMatchObject(refused);

    // Another origin (a phishing page's).
    const phished = await signed(first, { origin: "https://relay.example.evil" });
    await expect(
      approveDraft(await browser(), { draftId: first, seen: phished.seen, stepUp: { passkey: phished.passkey } }),
    ).rejects.toMatchObject(refused);

    // Signed for the text as it was, then an edit approved with it: the challenge named another text.
    const unedited = await signed(first);
    await expect(
      approveDraft(await browser(), {
        draftId: first,
        seen: unedited.seen,
        body: "The invoice comes to $20,000.",
        stepUp: { passkey: unedited.passkey },
      }),
    ).rejects.toMatchObject(refused);

    // A replay of an assertion that went through.
    const good = await signed(second);
    await approveDraft(await browser(), { draftId: second, seen: good.seen, stepUp: { passkey: good.passkey } });
    const third = await hold("The deposit comes to $700.");
    await expect(
      approveDraft(await browser(), { draftId: third, seen: await seenOf(third), stepUp: { passkey: good.passkey } }),
    ).rejects.toMatchObject(refused);

    expect(await status(first)).toBe("pending");
    expect(await status(third)).toBe("pending");
    expect(await db().approvalAssertion.count({ where: { draftId: { in: [first, second, third] } } })).toBe(1);
  });

  it("gives no options for an item changed since it was seen, nor for one the person may not decide", async () => {
    const id = await hold("The invoice comes to $2,000.");
    await expect(approvalPasskeyOptions(ana(), { draftId: id, seen: "0".repeat(64) })).rejects.toMatchObject({
      code: "conflict",
      extras: { reasons: ["content_changed"] },
    });
    const stranger = person(world.people.at(-1)!.id, "web");
    const outsider = { ...stranger, userId: "00000000-0000-4000-8000-000000000000" };
    await expect(approvalPasskeyOptions(outsider, { draftId: id, seen: await seenOf(id) })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      approvalPasskeyOptions(ana(), { draftId: id, seen: await seenOf(id), body: "x".repeat(100_000) }),
    ).rejects.toMatchObject({ code: "invalid_body" });
  });
});
