import { db } from "@/lib/db/client";
import { prismaSql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { optIn, optOut } from "@/lib/consent/set-opt-out";
import { requireConversationAccess, type PersonActor } from "@/lib/people/actor";
import { consentKeyword } from "@/lib/policy/rules/opt-out";
import { insertMessage } from "./insert-message";
import { serializeMessage } from "./serialize";
import { MAX_BODY } from "@/lib/schemas/messages";

// A person posts in a conversation. A whole-message STOP (or STOPALL, UNSUBSCRIBE, ...) opts them out and START
// opts them back in, each confirmed by a system message. Any reply, STOP included, cancels the conversation's
// scheduled follow-ups (SPEC.md: "anyone replies, or anyone sends STOP"). All in one transaction.

const CONFIRM_OUT = "You won't get bot messages here any more. Send START to opt back in.";
const CONFIRM_OUT_ALL = "You won't get bot messages in this workspace any more. Send START to opt back in.";
const CONFIRM_IN = "You're opted back in: bots in this conversation can message you again.";

export async function postPersonMessage(actor: PersonActor, conversationId: string, body: string) {
  const text = body.trim();
  if (!text || text.length > MAX_BODY) throw new ApiError("invalid_body", `A message must be 1 to ${MAX_BODY} characters`);
  const keyword = consentKeyword(text);
  return db().$transaction(async (tx) => {
    await requireConversationAccess(tx, actor, conversationId);
    const message = await insertMessage(prismaSql(tx), { type: "person", userId: actor.userId }, { conversationId, body: text });

    await tx.draft.updateMany({
      where: { conversationId, followUpStatus: "scheduled" },
      data: { followUpStatus: "cancelled", followUpCancelReason: keyword === "opt_out" ? "stop" : "reply" },
    });

    let consent: "opted_out" | "opted_in" | null = null;
    if (keyword === "opt_out") {
      const everywhere = text.toUpperCase().startsWith("STOPALL");
      await optOut(actor, conversationId, { everywhere, keyword: text.toUpperCase() }, tx);
      await insertMessage(prismaSql(tx), { type: "system" }, { conversationId, body: everywhere ? CONFIRM_OUT_ALL : CONFIRM_OUT, metadata: { consent: "opted_out", user_id: actor.userId } });
      consent = "opted_out";
    } else if (keyword === "opt_in") {
      await optIn(actor, conversationId, {}, tx);
      await insertMessage(prismaSql(tx), { type: "system" }, { conversationId, body: CONFIRM_IN, metadata: { consent: "opted_in", user_id: actor.userId } });
      consent = "opted_in";
    }
    return { message: serializeMessage(message), consent };
  });
}
