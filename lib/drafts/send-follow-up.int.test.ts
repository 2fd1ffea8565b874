import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { takeOver } from "@/lib/conversations/take-over";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { approveDraft } from "./approve-draft";
import { createDraft } from "./create-draft";
import { sendFollowUp } from "./send-follow-up";

// Follow-ups: approving a draft schedules a job keyed to it at the due time; when due it is sent once under the
// bot's label (as approved content), unless a reply, STOP or a take-over came first.

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");

beforeAll(async () => {
  world = await seedWorld();
});

async function approvedWithFollowUp(conversationIndex: number) {
  const conversationId = world.conversations[conversationIndex]!.id;
  const bot = (await authenticateBot(world.bots[0]!.api_key))!;
  const draft = await createDraft(bot, {
    conversationId,
    input: {
      body: "Your renewal is ready",
      follow_up: { body: "Any questions about the renewal?", delay_minutes: 30 },
    },
  });
  const { draft: approved } = await approveDraft(ana(), { draftId: draft.id });
  return { conversationId, draftId: draft.id, dueAt: new Date(approved.follow_up!.due_at!) };
}

describe("follow-ups", () => {
  it("are scheduled as a job keyed to the draft, then sent once when due", async () => {
    const { conversationId, draftId, dueAt } = await approvedWithFollowUp(1);
    expect(dueAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    const [job] = await sql().unchecked<{ run_at: Date }>(`SELECT run_at FROM graphile_worker.jobs WHERE key = $1`, [`follow-up:${draftId}`]);
    expect(job!.run_at.getTime()).toBe(dueAt.getTime());

    expect(await sendFollowUp(draftId, new Date(dueAt.getTime() - 60_000))).toEqual({ status: "skipped", reason: "not due yet" });
    const sent = await sendFollowUp(draftId, dueAt);
    expect(sent.status).toBe("sent");
    const message = await db().message.findUniqueOrThrow({ where: { id: (sent as { message_id: string }).message_id } });
    expect(message).toMatchObject({ conversationId, body: "Any questions about the renewal?", senderBotId: world.bots[0]!.id, approvedByUserId: world.people[0]!.id, draftId });
    expect(await db().draft.findUniqueOrThrow({ where: { id: draftId } })).toMatchObject({ followUpStatus: "sent", followUpMessageId: message.id });
    expect(await sendFollowUp(draftId, dueAt)).toEqual({ status: "skipped", reason: "follow-up is sent" });
    // Its policy decision is in the audit chain once (issue 34), as the draft's approval's is.
    const decided = await db().auditLogEntry.findMany({ where: { kind: "policy.decided", subjectId: message.id } });
    expect(decided.map((e) => (e.facts as { mode: string; outcome: string }))).toMatchObject([{ mode: "approved", outcome: "sent" }]);
  });

  it("a reply before it is due cancels it; the job then does nothing", async () => {
    const { conversationId, draftId, dueAt } = await approvedWithFollowUp(1);
    await postPersonMessage(person(world.people[1]!.id, "web"), { conversationId, body: "Thanks, no questions" });
    expect(await sendFollowUp(draftId, dueAt)).toEqual({ status: "skipped", reason: "follow-up is cancelled" });
    expect(await db().draft.findUniqueOrThrow({ where: { id: draftId } })).toMatchObject({ followUpStatus: "cancelled", followUpCancelReason: "reply" });
  });

  it("STOP cancels it too", async () => {
    const { conversationId, draftId, dueAt } = await approvedWithFollowUp(0);
    await postPersonMessage(person(world.people[1]!.id, "web"), { conversationId, body: "STOP" });
    expect(await sendFollowUp(draftId, dueAt)).toEqual({ status: "skipped", reason: "follow-up is cancelled" });
    expect((await db().draft.findUniqueOrThrow({ where: { id: draftId } })).followUpCancelReason).toBe("stop");
  });

  it("a conversation a person took over is not followed up", async () => {
    const { conversationId, draftId, dueAt } = await approvedWithFollowUp(1);
    await takeOver(ana(), conversationId);
    expect(await sendFollowUp(draftId, dueAt)).toEqual({ status: "cancelled", reason: "conversation_taken_over" });
  });
});
