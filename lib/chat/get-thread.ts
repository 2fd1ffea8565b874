import { approvalContentDigest } from "@/lib/drafts/content-digest";
import { db } from "@/lib/db/client";
import { requireUuid } from "@/lib/ids";
import type { PersonActor } from "@/lib/people/actor";
import { requireConversationAccess } from "@/lib/people/access";
import type { Block } from "@/lib/schemas/blocks";
import type { AttachmentInfo } from "@/lib/attachments/store-attachment";
import { messageView, type CardResponse, type MessageView } from "@/lib/messages/message-view";
import { approvalsSoFar, type ApprovalsSoFar } from "@/lib/drafts/approvals-so-far";
import { decidableDrafts } from "@/lib/drafts/deciders";

// A conversation as a person sees it in the chat: who is in it, its messages (with the bot's label, who approved a
// bot message, and the responses to its cards), and what waits for a person's approval there.

const MESSAGE_LIMIT = 500;
/** Cancelled follow-ups stay visible this long after their draft was approved, so people see what STOP cancelled. */
const FOLLOW_UP_SHOWN_MS = 7 * 24 * 3600 * 1000;

type Sender =
  | { type: "person"; id: string; handle: string; name: string; via: string | null }
  | {
      type: "bot";
      id: string;
      handle: string;
      name: string;
      approved_by: { handle: string; name: string; via: string | null } | null;
    }
  | { type: "system" };

/** What the chat shows of a message's file. */
export type ThreadAttachment = Pick<AttachmentInfo, "id" | "name" | "type" | "size" | "sha256">;

/** An approved draft's follow-up that has not gone out yet (or went out / was cancelled recently). */
export interface ThreadFollowUp {
  draft_id: string;
  bot: { handle: string; name: string };
  body: string;
  status: "scheduled" | "sent" | "cancelled";
  due_at: string | null;
  cancel_reason: string | null;
}

/** A message in the chat: its sender names through which door people acted; a card carries its answers. */
export type ThreadMessage = MessageView<Sender, ThreadAttachment> & { responses: CardResponse[] };

export interface PendingDraft {
  id: string;
  origin: "draft" | "held_message";
  bot: { id: string; handle: string; name: string };
  body: string;
  blocks: Block[] | null;
  rationale: string | null;
  reasons: string[];
  follow_up: { body: string; delay_minutes: number } | null;
  created_at: string;
  expires_at: string;
  /** When a workspace rule asks several people (issue 33): how many, of which group, who approved so far. */
  approvals?: ApprovalsSoFar;
  /**
   * false: the person sees the item but may not decide it (a rule routed it to a group they are not in), so it is
   * shown without Approve and Reject. Absent: they may.
   */
  decidable?: boolean;
  /** What an approval binds to (lib/drafts/content-digest.ts): refused if the item changes before it is approved. */
  content_digest: string;
  /** Approving needs a fresh passkey or authenticator check (a rule's stepUp, or the workspace's setting). */
  step_up?: boolean;
}

export async function getThread(actor: PersonActor, id: string) {
  const conversationId = requireUuid(id, "Conversation");
  const { conversation, role } = await requireConversationAccess(actor, { client: db(), conversationId });
  const [participants, authorizations, blocks, recent, drafts, followUps, optOut] = await Promise.all([
    db().conversationParticipant.findMany({ where: { conversationId } }),
    db().botAuthorization.findMany({ where: { conversationId }, orderBy: { createdAt: "asc" } }),
    db().botBlock.findMany({ where: { conversationId, revokedAt: null } }),
    db().message.findMany({ where: { conversationId }, orderBy: { seq: "desc" }, take: MESSAGE_LIMIT }),
    db().draft.findMany({
      where: { conversationId, status: "pending", expiresAt: { gt: new Date() } },
      orderBy: { createdAt: "asc" },
    }),
    db().draft.findMany({
      where: {
        conversationId,
        status: "approved",
        followUpStatus: { in: ["scheduled", "cancelled"] },
        decidedAt: { gt: new Date(Date.now() - FOLLOW_UP_SHOWN_MS) },
      },
      orderBy: { decidedAt: "asc" },
    }),
    db().optOut.findFirst({
      where: {
        workspaceId: conversation.workspaceId,
        userId: actor.userId,
        revokedAt: null,
        OR: [{ conversationId }, { conversationId: null }],
      },
      select: { id: true },
    }),
  ]);
  const messages = recent.reverse();
  // Who may decide each pending item (a rule may route it to a group outside the conversation), and who approved an
  // item a rule asks several people for.
  const pendingIds = drafts.map((d) => d.id);
  const [given, decidable, settings] = pendingIds.length
    ? await Promise.all([
        db().draftApproval.findMany({ where: { draftId: { in: pendingIds } }, orderBy: { approvedAt: "asc" } }),
        decidableDrafts(actor, conversationId),
        db().workspaceSettings.findUnique({ where: { workspaceId: conversation.workspaceId }, select: { stepUp: true } }),
      ])
    : [[], new Set<string>(), null];
  const workspaceStepUp = settings?.stepUp === "approvals";

  const userIds = new Set<string>([
    ...participants.flatMap((p) => (p.userId ? [p.userId] : [])),
    ...messages.flatMap((m) => [m.senderUserId, m.approvedByUserId].filter((v): v is string => !!v)),
    ...(conversation.takenOverByUserId ? [conversation.takenOverByUserId] : []),
    ...given.map((a) => a.userId),
  ]);
  const botIds = new Set<string>([
    ...authorizations.map((a) => a.botId),
    ...messages.flatMap((m) => (m.senderBotId ? [m.senderBotId] : [])),
    ...drafts.map((d) => d.botId),
    ...followUps.map((d) => d.botId),
  ]);
  const contactIds = participants.flatMap((p) => (p.contactId ? [p.contactId] : []));
  const [users, bots, contacts] = await Promise.all([
    db().user.findMany({ where: { id: { in: [...userIds] } }, select: { id: true, handle: true, name: true } }),
    db().bot.findMany({
      where: { id: { in: [...botIds] } },
      select: { id: true, handle: true, name: true, status: true },
    }),
    db().contact.findMany({
      where: { id: { in: contactIds } },
      select: { id: true, name: true, doNotContact: true, sensitivity: true },
    }),
  ]);
  // Through which door people acted (the chat, the CLI, their assistant through MCP): approvals from the drafts,
  // people's own messages from the audit trail.
  const approvedDraftIds = messages.flatMap((m) => (m.draftId ? [m.draftId] : []));
  const postedIds = messages.flatMap((m) => (m.senderUserId ? [m.id] : []));
  const [decided, posted] = await Promise.all([
    approvedDraftIds.length
      ? db().draft.findMany({ where: { id: { in: approvedDraftIds } }, select: { id: true, decidedVia: true } })
      : [],
    postedIds.length
      ? db().auditEvent.findMany({
          where: { workspaceId: conversation.workspaceId, action: "message.posted", subjectId: { in: postedIds } },
          select: { subjectId: true, via: true },
        })
      : [],
  ]);
  const viaByDraft = new Map(decided.map((d) => [d.id, d.decidedVia]));
  const viaByMessage = new Map(posted.map((e) => [e.subjectId, e.via]));
  const userById = new Map(users.map((u) => [u.id, u]));
  const botById = new Map(bots.map((b) => [b.id, b]));
  const activeBots = new Set(authorizations.filter((a) => !a.revokedAt).map((a) => a.botId));
  const blockedBots = new Set(blocks.map((b) => b.botId));
  const who = (userId: string) => {
    const user = userById.get(userId);
    return { handle: user?.handle ?? "unknown", name: user?.name ?? "Unknown person" };
  };

  const sender = (m: (typeof messages)[number]): Sender => {
    if (m.senderBotId) {
      const bot = botById.get(m.senderBotId);
      const approvedBy = m.approvedByUserId
        ? { ...who(m.approvedByUserId), via: (m.draftId && viaByDraft.get(m.draftId)) || null }
        : null;
      return {
        type: "bot",
        id: m.senderBotId,
        handle: bot?.handle ?? "unknown",
        name: bot?.name ?? "Unknown bot",
        approved_by: approvedBy,
      };
    }
    if (m.senderUserId)
      return { type: "person", id: m.senderUserId, ...who(m.senderUserId), via: viaByMessage.get(m.id) ?? null };
    return { type: "system" };
  };

  const botsShown = [...new Set(authorizations.map((a) => a.botId))].flatMap((botId) => {
    const bot = botById.get(botId);
    if (!bot || (!activeBots.has(botId) && !blockedBots.has(botId))) return [];
    return [
      {
        id: bot.id,
        handle: bot.handle,
        name: bot.name,
        status: bot.status,
        authorized: activeBots.has(botId),
        blocked: blockedBots.has(botId),
      },
    ];
  });

  return {
    conversation: {
      id: conversation.id,
      title: conversation.title,
      workspace_id: conversation.workspaceId,
      taken_over_by: conversation.takenOverByUserId
        ? { id: conversation.takenOverByUserId, ...who(conversation.takenOverByUserId) }
        : null,
      people: participants.flatMap((p) => (p.userId ? [{ id: p.userId, ...who(p.userId) }] : [])),
      contacts: contacts.map((c) => ({
        id: c.id,
        name: c.name,
        do_not_contact: c.doNotContact,
        sensitivity: c.sensitivity,
      })),
      bots: botsShown,
    },
    messages: messages.map((m): ThreadMessage =>
      messageView(m, { sender: sender(m), attachment: threadAttachment, responses: true }),
    ),
    drafts: drafts.map((d): PendingDraft => {
      const bot = botById.get(d.botId);
      return {
        id: d.id,
        origin: d.origin,
        bot: { id: d.botId, handle: bot?.handle ?? "unknown", name: bot?.name ?? "Unknown bot" },
        body: d.body,
        blocks: (d.blocks as Block[] | null) ?? null,
        rationale: d.rationale,
        reasons: d.reasons,
        follow_up:
          d.followUpBody !== null && d.followUpDelayMinutes !== null
            ? { body: d.followUpBody, delay_minutes: d.followUpDelayMinutes }
            : null,
        created_at: d.createdAt.toISOString(),
        expires_at: d.expiresAt.toISOString(),
        approvals: approvalsSoFar(d, { given, people: userById, viewerId: actor.userId }),
        decidable: decidable.has(d.id),
        content_digest: approvalContentDigest(d),
        step_up: d.stepUp || workspaceStepUp,
      };
    }),
    follow_ups: followUps.map((d): ThreadFollowUp => {
      const bot = botById.get(d.botId);
      return {
        draft_id: d.id,
        bot: { handle: bot?.handle ?? "unknown", name: bot?.name ?? "Unknown bot" },
        body: d.followUpBody ?? "",
        status: d.followUpStatus as ThreadFollowUp["status"],
        due_at: d.followUpDueAt?.toISOString() ?? null,
        cancel_reason: d.followUpCancelReason,
      };
    }),
    last_seq: conversation.lastSeq,
    viewer: {
      id: actor.userId,
      role,
      /** Whether they take part (admins may open conversations they do not; only participants add or remove bots). */
      participant: participants.some((p) => p.userId === actor.userId),
      /** Whether they opted out of bot messages here (STOP), in this conversation or the whole workspace. */
      opted_out: optOut !== null,
    },
  };
}

export type Thread = Awaited<ReturnType<typeof getThread>>;

function threadAttachment({ id, name, type, size, sha256 }: AttachmentInfo): ThreadAttachment {
  return { id, name, type, size, sha256 };
}
