import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { person } from "@/lib/people/actor";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { sendMessage } from "@/lib/messages/send-message";
import { saveRuleSet } from "@/lib/policy/rule-sets/save-rule-set";
import { getThread } from "@/lib/chat/get-thread";
import { contentDigest } from "@/lib/policy/decide";
import { addFinanceGroup } from "@/test/finance-group";
import { cli } from "@/test/cli";
import { sql } from "@/lib/db/sql";
import { approveDraft } from "./approve-draft";
import { approvalContentDigest } from "./content-digest";
import { listPendingApprovals } from "./list-pending-approvals";

// Approvals bound to what was seen (issue 34): the page and the assistant get each waiting item's content digest;
// an approval naming it is refused when the item changed since (here: another approver's edit), changes nothing, and
// the approval that goes through names the digest of what was approved and of what was sent, in the audit chain.

let world: SeededWorld;
let fin: { id: string; name: string };
const renewal = () => world.conversations[1]!.id;
const ben = () => person(world.people[1]!.id, "web"); // member, in Finance
const finance = () => person(fin.id, "mcp");

beforeEach(async () => {
  world = await seedWorld();
  fin = await addFinanceGroup(world);
  await saveRuleSet(person(world.people[0]!.id, "web"), {
    workspaceId: world.workspace.id,
    rules: {
      rules: [
        {
          slug: "billing-over-500",
          match: { content: [{ kind: "money", over: 500 }] },
          outcome: { hold: { group: "finance", approvals: 2 } },
        },
      ],
    },
    reason: "test",
  });
});

async function hold(body: string) {
  const bot = (await authenticateBot(world.bots[0]!.api_key))!;
  const held = await sendMessage(bot, { conversationId: renewal(), input: { body, blocks: undefined } });
  if (held.status !== "pending_approval") throw new Error("expected a hold");
  return held.approvalId;
}

describe("approvals bound to the content seen", () => {
  it("the chat and the assistant are given the same digest, over the item's text, conversation and rule version", async () => {
    const id = await hold("Your renewal comes to $1,200.");
    const thread = await getThread(ben(), renewal());
    const shown = thread.drafts.find((d) => d.id === id)!;
    const listed = (await listPendingApprovals(finance(), { workspaceId: world.workspace.id })).find((d) => d.id === id)!;
    const row = await db().draft.findUniqueOrThrow({ where: { id } });
    expect(shown.content_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(listed.content_digest).toBe(shown.content_digest);
    expect(shown.content_digest).toBe(
      approvalContentDigest({ id, conversationId: renewal(), body: row.body, blocks: null, ruleSetVersion: row.ruleSetVersion }),
    );
    expect(shown.content_digest).not.toBe(
      approvalContentDigest({ id, conversationId: renewal(), body: `${row.body} `, blocks: null, ruleSetVersion: row.ruleSetVersion }),
    );
  });

  it("an edit by another approver between viewing and approving: the approval is refused and changes nothing", async () => {
    const id = await hold("Your renewal comes to $1,200.");
    const seen = (await getThread(ben(), renewal())).drafts.find((d) => d.id === id)!.content_digest;
    // Fin edits the amount and approves (1 of 2): the text Ben is looking at is no longer the item's.
    await approveDraft(finance(), { draftId: id, body: "Your renewal comes to $1,250." });
    const before = await db().draftApproval.count({ where: { draftId: id } });

    await expect(approveDraft(ben(), { draftId: id, seen })).rejects.toMatchObject({
      code: "conflict",
      extras: { reasons: ["content_changed"] },
    });
    expect(await db().draftApproval.count({ where: { draftId: id } })).toBe(before);
    expect((await db().draft.findUniqueOrThrow({ where: { id } })).status).toBe("pending");

    // Read again, the new text's digest goes through: the second approval sends it, once.
    const now = (await getThread(ben(), renewal())).drafts.find((d) => d.id === id)!;
    expect(now.body).toBe("Your renewal comes to $1,250.");
    const approved = await approveDraft(ben(), { draftId: id, seen: now.content_digest });
    expect(approved.message?.body).toBe("Your renewal comes to $1,250.");

    // The chain's entry of the approval names what was approved and what was sent.
    const entry = await db().auditLogEntry.findFirstOrThrow({ where: { kind: "held_message.approved", subjectId: id } });
    expect(entry.facts).toMatchObject({
      content_digest: now.content_digest,
      sent_digest: contentDigest(["Your renewal comes to $1,250."]),
      message_id: approved.message!.id,
    });
  });

  it("cli audit verify-approval checks the approval offline: the message sent, the approver, and the chain up to a signed checkpoint", async () => {
    const id = await hold("Your renewal comes to $900.");
    await approveDraft(finance(), { draftId: id });
    const approved = await approveDraft(ben(), { draftId: id });
    const before = await cli("audit", "verify-approval", id);
    expect(before.code).toBe(1);
    expect(before.stderr).toContain("no signed checkpoint covers the entry yet");
    expect((await cli("audit", "checkpoint")).code).toBe(0);

    const res = await cli("audit", "verify-approval", id);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({
      ok: true,
      draftId: id,
      messageId: approved.message!.id,
      approverId: world.people[1]!.id,
      problems: [],
    });

    // Someone with the database changes the message that was sent: the approval no longer vouches for it.
    await sql().unchecked("UPDATE messages SET body = 'Your renewal comes to $9,000.' WHERE id = $1", [approved.message!.id]);
    const forged = await cli("audit", "verify-approval", id);
    expect(forged.code).toBe(1);
    expect(forged.stderr).toContain("the message sent is not the content the approval names");

    expect((await cli("audit", "verify-approval", "not-an-id")).code).toBe(1);
    const pending = await hold("Your renewal comes to $700.");
    expect((await cli("audit", "verify-approval", pending)).stderr).toContain("is pending, not approved");
  });
});
