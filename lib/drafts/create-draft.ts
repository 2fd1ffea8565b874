import { db } from "@/lib/db/client";
import { prismaSql, sql } from "@/lib/db/sql";
import type { BotPrincipal } from "@/lib/bots/authenticate-bot";
import { requireBotConversation } from "@/lib/conversations/bot-access";
import { decide } from "@/lib/policy/decide";
import { isRefusal, recordRefusal, refusalError } from "@/lib/policy/refusal";
import type { CreateDraftInput } from "@/lib/schemas/drafts";
import { DRAFT_LIFETIME_MS } from "./create-held-message";
import { serializeDraft } from "./serialize-draft";

// POST /conversations/{id}/drafts: a proposal that always waits for a person. Blocks and opt-outs apply at once
// (a draft to someone who said STOP is refused with 409); the full policy runs again when a person approves it.

export async function createDraft(bot: BotPrincipal, conversationId: string, input: CreateDraftInput) {
  const conversation = await requireBotConversation(sql(), bot, conversationId);
  const content = input.follow_up ? [input.body, input.follow_up.body] : [input.body];

  const outcome = await db().$transaction(async (tx) => {
    const decision = await decide(prismaSql(tx), { mode: "draft", botId: bot.id, conversationId, content });
    if (isRefusal(decision.verdict)) return { kind: "refused", refused: decision.verdict, decision } as const;
    const draft = await tx.draft.create({
      data: {
        conversationId,
        botId: bot.id,
        origin: "draft",
        body: input.body,
        originalBody: input.body,
        rationale: input.rationale ?? null,
        followUpBody: input.follow_up?.body ?? null,
        followUpDelayMinutes: input.follow_up?.delay_minutes ?? null,
        followUpStatus: input.follow_up ? "pending" : null,
        expiresAt: new Date(Date.now() + DRAFT_LIFETIME_MS),
      },
    });
    return { kind: "done", draft } as const;
  });

  if (outcome.kind === "refused") {
    await recordRefusal(outcome.decision, conversation.workspaceId, input.body);
    throw refusalError(outcome.refused);
  }
  return serializeDraft(outcome.draft);
}
