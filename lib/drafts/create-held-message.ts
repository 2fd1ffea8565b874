import type { Tx } from "@/lib/db/client";
import type { Block } from "@/lib/schemas/blocks";
import type { Prisma } from "@/lib/generated/prisma/client";

export const DRAFT_LIFETIME_MS = 7 * 24 * 3600_000;

/** A 202 send: the message waits, with its reasons, for a person to approve or reject it. */
export async function createHeldMessage(
  tx: Tx,
  input: { botId: string; conversationId: string; body: string; blocks: Block[] | null; reasons: string[] },
) {
  return tx.draft.create({
    data: {
      conversationId: input.conversationId,
      botId: input.botId,
      origin: "held_message",
      body: input.body,
      originalBody: input.body,
      blocks: (input.blocks ?? undefined) as Prisma.InputJsonValue | undefined,
      reasons: input.reasons,
      expiresAt: new Date(Date.now() + DRAFT_LIFETIME_MS),
    },
    select: { id: true },
  });
}
