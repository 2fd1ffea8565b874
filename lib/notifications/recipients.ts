import { query, sql as pool, type Sql } from "@/lib/db/sql";
import { botManagedSql, contactVisibleSql, conversationVisibleSql } from "@/lib/people/access";
import { mayDecideDraftSql } from "@/lib/drafts/deciders";
import { inApproverGroupSql } from "@/lib/policy/rule-sets/group-members";
import type { NotifyEvent } from "./enqueue";
import { mentionCandidates } from "./mentions";

// Who is told about what (issue 18). One module decides; the fan-out job (email and push) asks it, and it asks the
// access rules of lib/people/access.ts, the rules the approvals inbox and the deciding functions use, so a person is
// told about exactly what they could open and decide:
//
// - a draft or a held message (and its reminder, and its expiry): the people who may decide it, as the approvals
//   inbox lists it (lib/drafts/deciders.ts): members of the workspace who take part in the conversation, and its
//   admins; or, when a workspace rule routed it, the people of the rule's approver group (issue 33);
// - an item a rule routed that nobody decided within the rule's time: its escalation group, who may decide it now;
// - a bot-to-bot request waiting for approval (and its reminder): the people who may approve it
//   (lib/agents/approve-agent-request.ts): the asking bot's managers, i.e. the admins of its workspace and the member
//   who registered it;
// - a candidate fact about a contact: the members who take part in a conversation with that contact ("a contact of
//   theirs"); when nobody does, the workspace's admins, so a fact never waits unheard;
// - a mention: a person's message that @-names a member by handle (`@ana.lima`), told to that member if they may see
//   the conversation. Bots' messages never mention anyone into a notification: a bot reaches people through
//   approvals only (docs/decisions/020-notifications.md);
// - a bot paused or stopped by an admin: the bot's managers (its workspace's admins and the member who registered it).
//
// Never the person who caused the event (the author of a mention, the admin who paused the bot, a person who
// proposed a fact themselves). Former members are never told: every rule starts from the workspace's memberships.
// The SQL forms of the access rules are used as written there; `who` is the membership row of each candidate.

export interface Audience {
  workspaceId: string;
  userIds: string[];
}

const WHO = "who.user_id";

/** The people who may decide a draft or held message (the approvals inbox's rule: lib/drafts/deciders.ts). */
const DRAFT_DECIDERS = query("notifications.draftDeciders", {
  text: `
  SELECT c.workspace_id, who.user_id
    FROM drafts d
    JOIN conversations c ON c.id = d.conversation_id
    JOIN memberships who ON who.workspace_id = c.workspace_id
   WHERE d.id = $1 AND ${mayDecideDraftSql({ draft: "d", conversation: "c", user: WHO })}`,
});

/** An escalated item's escalation group: told that nobody decided in time, and that they may decide it now. */
const ESCALATION_GROUP = query("notifications.escalationGroup", {
  text: `
  SELECT c.workspace_id, who.user_id
    FROM drafts d
    JOIN conversations c ON c.id = d.conversation_id
    JOIN memberships who ON who.workspace_id = c.workspace_id
   WHERE d.id = $1 AND d.escalation_group IS NOT NULL
     AND ${inApproverGroupSql({ group: "d.escalation_group", workspace: "c.workspace_id", user: WHO })}`,
});

/** The people who may approve an agent request: the asking bot's managers. */
const REQUEST_DECIDERS = query("notifications.requestDeciders", {
  text: `
  SELECT b.workspace_id, who.user_id
    FROM agent_requests r
    JOIN bots b ON b.id = r.from_bot_id
    JOIN memberships who ON who.workspace_id = b.workspace_id
   WHERE r.id = $1 AND ${botManagedSql("b", WHO)}`,
});

/** The admins of the workspace a person asked to be erased from, while the request waits (never the person). */
const ERASURE_DECIDERS = query("notifications.erasureDeciders", {
  text: `
  SELECT r.workspace_id, who.user_id
    FROM erasure_requests r
    JOIN memberships who ON who.workspace_id = r.workspace_id AND who.role = 'admin' AND who.user_id <> r.user_id
   WHERE r.id = $1 AND r.status = 'pending'`,
});

/** Members who see the fact's contact and take part in a conversation with it (of its workspace). */
const FACT_PEOPLE = query("notifications.factPeople", {
  text: `
  SELECT k.workspace_id, who.user_id
    FROM contact_facts f
    JOIN contacts k ON k.id = f.contact_id
    JOIN memberships who ON who.workspace_id = k.workspace_id
   WHERE f.id = $1 AND ${contactVisibleSql("k", WHO)}
     AND EXISTS (SELECT 1 FROM conversation_participants pk
                   JOIN conversations c ON c.id = pk.conversation_id AND c.workspace_id = k.workspace_id
                   JOIN conversation_participants pu ON pu.conversation_id = pk.conversation_id AND pu.user_id = who.user_id
                  WHERE pk.contact_id = k.id)`,
});

/** The fallback for a fact nobody takes part with: the admins of its contact's workspace. */
const FACT_ADMINS = query("notifications.factAdmins", {
  text: `
  SELECT k.workspace_id, who.user_id
    FROM contact_facts f
    JOIN contacts k ON k.id = f.contact_id
    JOIN memberships who ON who.workspace_id = k.workspace_id AND who.role = 'admin'
   WHERE f.id = $1`,
});

/** Members named by handle ($2) who may see the message's conversation. */
const MENTIONED = query("notifications.mentioned", {
  text: `
  SELECT c.workspace_id, who.user_id
    FROM messages msg
    JOIN conversations c ON c.id = msg.conversation_id
    JOIN memberships who ON who.workspace_id = c.workspace_id
    JOIN users u ON u.id = who.user_id
   WHERE msg.id = $1 AND msg.sender_user_id IS NOT NULL AND u.handle = ANY ($2::text[])
     AND ${conversationVisibleSql("c", WHO)}`,
});

/** A bot's managers: its workspace's admins and the member who registered it. */
const BOT_MANAGERS = query("notifications.botManagers", {
  text: `
  SELECT b.workspace_id, who.user_id
    FROM bots b
    JOIN memberships who ON who.workspace_id = b.workspace_id
   WHERE b.id = $1 AND ${botManagedSql("b", WHO)}`,
});

const FACT_PROPOSER = query("notifications.factProposer", {
  text: "SELECT proposed_by_user_id FROM contact_facts WHERE id = $1",
});
const MESSAGE_BODY = query("notifications.messageBody", { text: "SELECT body FROM messages WHERE id = $1" });

type Row = { workspace_id: string; user_id: string };

function audience(rows: Row[], actors: (string | null | undefined)[]): Audience | null {
  if (!rows.length) return null;
  const skip = new Set(actors.filter((a): a is string => Boolean(a)));
  const userIds = [...new Set(rows.map((r) => r.user_id))].filter((id) => !skip.has(id)).sort();
  return { workspaceId: rows[0]!.workspace_id, userIds };
}

/** Who is told of `event`, and in which workspace; null when its subject is gone. Never the event's actor. */
export async function whoIsTold(event: NotifyEvent, sql: Sql = pool()): Promise<Audience | null> {
  switch (event.event) {
    case "draft":
    case "draft_reminder":
    case "draft_expired":
      return audience(await sql.query(DRAFT_DECIDERS, [event.id]), []);
    case "draft_escalated":
      return audience(await sql.query(ESCALATION_GROUP, [event.id]), []);
    case "agent_request":
    case "agent_request_reminder":
      return audience(await sql.query(REQUEST_DECIDERS, [event.id]), []);
    case "fact": {
      const proposer = await sql.query(FACT_PROPOSER, [event.id]);
      if (!proposer[0]) return null;
      const actor = proposer[0].proposed_by_user_id;
      const told = audience(await sql.query(FACT_PEOPLE, [event.id]), [actor]);
      if (told?.userIds.length) return told;
      return audience(await sql.query(FACT_ADMINS, [event.id]), [actor]);
    }
    case "mention": {
      const message = await sql.query(MESSAGE_BODY, [event.id]);
      const handles = message[0] ? mentionCandidates(message[0].body) : [];
      if (!handles.length) return null;
      return audience(await sql.query(MENTIONED, [event.id, handles]), [event.actor]);
    }
    case "bot_status":
      return audience(await sql.query(BOT_MANAGERS, [event.id]), [event.actor]);
    case "erasure_request":
      return audience(await sql.query(ERASURE_DECIDERS, [event.id]), []);
  }
}
