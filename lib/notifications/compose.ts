import { db } from "@/lib/db/client";
import type { NotifyEvent } from "./enqueue";

// What a notification says: its kind, a title, an excerpt of what waits (the bot's or person's own words, untrusted:
// every channel shows them as data) and the path inside the app that opens it (after sign-in; a link never decides
// anything). Written once per event and copied to each person told. Null when the subject no longer waits: a draft
// approved before its job ran needs nobody.

export type NotificationKind =
  | "approval"
  | "agent_request"
  | "fact"
  | "mention"
  | "bot_status"
  | "reminder"
  | "escalation"
  | "expired"
  | "erasure_request";

export interface Composed {
  kind: NotificationKind;
  subjectId: string;
  dedupeKey: string;
  title: string;
  body: string;
  path: string;
}

const EXCERPT_MAX = 200;

/** A one-paragraph excerpt: whitespace collapsed, at most 200 characters. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1)}…` : flat;
}

const quoted = (title: string | null) => (title ? `“${excerpt(title)}”` : "a conversation");

interface DraftPlace {
  /** The workspace's slug. */
  slug: string;
  conversationId: string;
  draftId: string;
}

/** Where a draft or held message is decided: its card in the conversation. */
export const draftPath = ({ slug, conversationId, draftId }: DraftPlace) =>
  `/chat/${slug}/c/${conversationId}#draft-${draftId}`;

async function draftContext(id: string) {
  const draft = await db().draft.findUnique({ where: { id } });
  if (!draft) return null;
  const [conversation, bot] = await Promise.all([
    db().conversation.findUnique({
      where: { id: draft.conversationId },
      select: { title: true, workspace: { select: { slug: true } } },
    }),
    db().bot.findUnique({ where: { id: draft.botId }, select: { name: true, handle: true } }),
  ]);
  if (!conversation || !bot) return null;
  const what = draft.origin === "held_message" ? "Held message" : "Draft";
  return {
    draft,
    lead: `${what} from ${bot.name} (@${bot.handle}) in ${quoted(conversation.title)}`,
    // An item a rule routed goes to its group, who may not take part in the conversation: the inbox shows it to them.
    path: draft.approverGroup
      ? `/chat/${conversation.workspace.slug}/approvals#draft-${draft.id}`
      : draftPath({ slug: conversation.workspace.slug, conversationId: draft.conversationId, draftId: draft.id }),
  };
}

async function requestContext(id: string) {
  const request = await db().agentRequest.findUnique({ where: { id } });
  if (!request) return null;
  const bots = await db().bot.findMany({
    where: { id: { in: [request.fromBotId, request.toBotId] } },
    select: { id: true, name: true, handle: true, workspace: { select: { slug: true } } },
  });
  const from = bots.find((b) => b.id === request.fromBotId);
  const to = bots.find((b) => b.id === request.toBotId);
  if (!from || !to) return null;
  return {
    request,
    lead: `${from.name} (@${from.handle}) asks @${to.handle} (${request.type.replace("_", " ")})`,
    path: `/chat/${from.workspace.slug}/approvals#agent-request-${request.id}`,
  };
}

export async function compose(event: NotifyEvent, now: Date): Promise<Composed | null> {
  switch (event.event) {
    case "draft":
    case "draft_reminder": {
      const context = await draftContext(event.id);
      if (!context || context.draft.status !== "pending" || context.draft.expiresAt <= now) return null;
      const reminder = event.event === "draft_reminder";
      return {
        kind: reminder ? "reminder" : "approval",
        subjectId: event.id,
        dedupeKey: `${reminder ? "reminder" : "approval"}:${event.id}`,
        title: `${reminder ? "Still waiting: " : ""}${context.lead}`,
        body: excerpt(context.draft.body),
        path: context.path,
      };
    }
    case "draft_escalated": {
      const context = await draftContext(event.id);
      if (!context || context.draft.status !== "pending" || context.draft.expiresAt <= now) return null;
      const waited = context.draft.escalateAfterMinutes ?? 0;
      return {
        kind: "escalation",
        subjectId: event.id,
        dedupeKey: `escalation:${event.id}`,
        title: `Nobody decided in ${waited} min, you may now: ${context.lead}`,
        body: excerpt(context.draft.body),
        path: context.path,
      };
    }
    case "draft_expired": {
      const context = await draftContext(event.id);
      if (!context || context.draft.status !== "expired") return null;
      return {
        kind: "expired",
        subjectId: event.id,
        dedupeKey: `expired:${event.id}`,
        title: `Expired without a decision: ${context.lead}`,
        body: excerpt(context.draft.body),
        path: context.path,
      };
    }
    case "agent_request":
    case "agent_request_reminder": {
      const context = await requestContext(event.id);
      if (!context || context.request.status !== "pending_approval" || context.request.expiresAt <= now) return null;
      const reminder = event.event === "agent_request_reminder";
      return {
        kind: reminder ? "reminder" : "agent_request",
        subjectId: event.id,
        dedupeKey: `${reminder ? "reminder" : "agent_request"}:${event.id}`,
        title: `${reminder ? "Still waiting: " : ""}${context.lead}`,
        body: excerpt(context.request.question),
        path: context.path,
      };
    }
    case "fact": {
      const fact = await db().contactFact.findUnique({
        where: { id: event.id },
        include: { contact: { select: { name: true } }, workspace: { select: { slug: true } } },
      });
      if (!fact || fact.status !== "candidate") return null;
      return {
        kind: "fact",
        subjectId: fact.id,
        dedupeKey: `fact:${fact.id}`,
        title: `A fact about ${excerpt(fact.contact.name)} to confirm`,
        body: excerpt(`${fact.key}: ${fact.fact}`),
        path: `/chat/${fact.workspace.slug}/contacts/${fact.contactId}`,
      };
    }
    case "mention": {
      const message = await db().message.findUnique({ where: { id: event.id } });
      if (!message?.senderUserId) return null;
      const [author, conversation] = await Promise.all([
        db().user.findUnique({ where: { id: message.senderUserId }, select: { name: true } }),
        db().conversation.findUnique({
          where: { id: message.conversationId },
          select: { title: true, workspace: { select: { slug: true } } },
        }),
      ]);
      if (!author || !conversation) return null;
      return {
        kind: "mention",
        subjectId: message.id,
        dedupeKey: `mention:${message.id}`,
        title: `${author.name} mentioned you in ${quoted(conversation.title)}`,
        body: excerpt(message.body),
        path: `/chat/${conversation.workspace.slug}/c/${message.conversationId}`,
      };
    }
    case "bot_status": {
      const bot = await db().bot.findUnique({ where: { id: event.id } });
      // Changed again before anyone was told (resumed, or stopped after a pause): only the news still true is told.
      if (!bot || bot.status !== event.status) return null;
      const actor = event.actor
        ? await db().user.findUnique({ where: { id: event.actor }, select: { name: true } })
        : null;
      const verb = bot.status === "paused" ? "paused" : "stopped";
      const effect = bot.status === "paused" ? "Its messages wait for approval." : "Everything it sends is blocked.";
      return {
        kind: "bot_status",
        subjectId: bot.id,
        dedupeKey: `bot_status:${bot.id}:${event.at}`,
        title: `${actor?.name ?? "An admin"} ${verb} ${bot.name} (@${bot.handle})`,
        body: excerpt(`${effect}${bot.statusReason ? ` Reason: ${bot.statusReason}` : ""}`),
        path: `/developers/bots/${bot.id}`,
      };
    }
    case "erasure_request": {
      const request = await db().erasureRequest.findUnique({
        where: { id: event.id },
        select: { status: true, user: { select: { name: true } }, workspace: { select: { slug: true, name: true } } },
      });
      // Withdrawn or decided before anyone was told: nothing waits.
      if (!request || request.status !== "pending") return null;
      return {
        kind: "erasure_request",
        subjectId: event.id,
        dedupeKey: `erasure_request:${event.id}`,
        title: `${request.user.name} asked to be erased from ${request.workspace.name}`,
        body: "Confirm it (they are removed and what they wrote is erased) or decline it with a reason, on the People page.",
        path: `/chat/${request.workspace.slug}/admin/people#request-${event.id}`,
      };
    }
  }
}
