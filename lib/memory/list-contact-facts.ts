import { db } from "@/lib/db/client";
import type { PersonActor } from "@/lib/people/actor";
import { requirePersonContact } from "./person-contact-access";
import { cutText } from "@/lib/text/hostile-text";

export interface ContactFactView {
  id: string;
  key: string;
  fact: string;
  status: "candidate" | "confirmed" | "rejected" | "superseded" | "retired" | "source_removed";
  proposed_by: { type: "bot" | "person"; handle: string; name: string } | null;
  decided_by: { handle: string; name: string } | null;
  decided_at: string | null;
  created_at: string;
  /** The message the fact was drawn from, when the viewer may open its conversation. */
  source: { message_id: string; conversation_id: string; seq: number; excerpt: string } | null;
  /** The source exists but is in a conversation the viewer does not take part in (so neither link nor excerpt). */
  source_elsewhere: boolean;
}

const HISTORY = 30;

/**
 * A contact's facts as people see them beside a conversation and on the contact's page: candidates waiting for a
 * decision, what is confirmed, and the recent history (rejected, superseded, retired), each with who proposed and who
 * decided, and its source. Any member sees the facts; a source's excerpt and link only who may open its conversation
 * (as the context pack cites only those), so the facts do not quote conversations a member cannot read.
 */
export async function listContactFacts(actor: PersonActor, id: string) {
  const access = await requirePersonContact(actor, id);
  const readable = new Set(access.conversationIds);
  const [contact, open, history] = await Promise.all([
    db().contact.findUniqueOrThrow({ where: { id: access.contactId }, select: { id: true, name: true } }),
    db().contactFact.findMany({
      where: { contactId: access.contactId, status: { in: ["candidate", "confirmed"] } },
      orderBy: [{ key: "asc" }, { createdAt: "asc" }],
    }),
    db().contactFact.findMany({
      where: { contactId: access.contactId, status: { in: ["rejected", "superseded", "retired", "source_removed"] } },
      orderBy: { decidedAt: "desc" },
      take: HISTORY,
    }),
  ]);
  const facts = [...open, ...history];
  const userIds = [
    ...new Set(facts.flatMap((f) => [f.proposedByUserId, f.decidedByUserId].filter((v): v is string => !!v))),
  ];
  const botIds = [...new Set(facts.flatMap((f) => (f.proposedByBotId ? [f.proposedByBotId] : [])))];
  const messageIds = [...new Set(facts.flatMap((f) => (f.sourceMessageId ? [f.sourceMessageId] : [])))];
  const [users, bots, messages] = await Promise.all([
    db().user.findMany({ where: { id: { in: userIds } }, select: { id: true, handle: true, name: true } }),
    db().bot.findMany({ where: { id: { in: botIds } }, select: { id: true, handle: true, name: true } }),
    db().message.findMany({
      where: { id: { in: messageIds } },
      select: { id: true, conversationId: true, seq: true, body: true },
    }),
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const botById = new Map(bots.map((b) => [b.id, b]));
  const messageById = new Map(messages.map((m) => [m.id, m]));

  const view = (f: (typeof facts)[number]): ContactFactView => {
    const bot = f.proposedByBotId ? botById.get(f.proposedByBotId) : undefined;
    const user = f.proposedByUserId ? userById.get(f.proposedByUserId) : undefined;
    const decider = f.decidedByUserId ? userById.get(f.decidedByUserId) : undefined;
    const found = f.sourceMessageId ? messageById.get(f.sourceMessageId) : undefined;
    const message = found && readable.has(found.conversationId) ? found : undefined;
    return {
      id: f.id,
      key: f.key,
      fact: f.fact,
      status: f.status,
      proposed_by: bot
        ? { type: "bot", handle: bot.handle, name: bot.name }
        : user
          ? { type: "person", handle: user.handle, name: user.name }
          : null,
      decided_by: decider ? { handle: decider.handle, name: decider.name } : null,
      decided_at: f.decidedAt?.toISOString() ?? null,
      created_at: f.createdAt.toISOString(),
      source: message
        ? {
            message_id: message.id,
            conversation_id: message.conversationId,
            seq: message.seq,
            excerpt: cutText(message.body, 120),
          }
        : null,
      source_elsewhere: !!found && !message,
    };
  };
  return {
    contact: { id: contact.id, name: contact.name },
    candidates: open.filter((f) => f.status === "candidate").map(view),
    confirmed: open.filter((f) => f.status === "confirmed").map(view),
    history: history.map(view),
  };
}

export type ContactFacts = Awaited<ReturnType<typeof listContactFacts>>;
