import type { Db, Tx } from "@/lib/db/client";
import { query, type Sql } from "@/lib/db/sql";
import { notFound } from "@/lib/errors";
import type { MemberRole, Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/ids";
import type { PersonActor } from "./actor";

// What a person may see and look after, each rule written once here, in the forms its readers need: a Prisma `where`
// fragment (for findMany, count, findFirst; each is one AND or OR key, so spread it beside plain fields, not beside
// another AND or OR), an SQL condition (for hand-written statements: `row` is the alias of the table's row, `user`
// the SQL expression of the person's id, e.g. "$2"), and the check a domain function runs on one object, through
// either door (docs/decisions/005): `require...Access` in Prisma, `require...AccessSql` in an SQL transaction.
// lib/people/access.int.test.ts proves the forms agree on a real database. The bots' own rule is
// lib/conversations/bot-access.ts.
//
// - A conversation: a member of its workspace who takes part in it, or an admin of its workspace
//   (docs/guides/people-and-admins.md "People's chat", *Access*: an admin opens every conversation of the workspace; a
//   member, those they take part in).
// - A contact: any member of its workspace.
// - A bot (its keys, secret, webhook, deliveries, and the requests it asks other bots that wait for a person): an
//   admin of its workspace, or the member who registered it.
//
// A person is refused a conversation or a contact they may not see (another workspace's included) exactly as one
// that does not exist: 404 `not_found`, "<What> not found", as the MCP tools answer (decision 012). What lives in a
// conversation (a draft, a card, a file) answers with its own name: a draft in a hidden conversation is "Draft not
// found", like a random draft id.

// ---- Conversations ----

/** The conversations the person sees: member of the workspace, and a participant or its admin. */
export function conversationVisibleTo(userId: string): Prisma.ConversationWhereInput {
  return {
    AND: [
      { workspace: { memberships: { some: { userId } } } },
      {
        OR: [
          { participants: { some: { userId } } },
          { workspace: { memberships: { some: { userId, role: "admin" } } } },
        ],
      },
    ],
  };
}

/** The same rule as an SQL condition on conversation row `row`. */
export function conversationVisibleSql(row: string, user: string): string {
  return `EXISTS (SELECT 1 FROM memberships m WHERE m.workspace_id = ${row}.workspace_id AND m.user_id = ${user}
            AND (m.role = 'admin' OR EXISTS (SELECT 1 FROM conversation_participants p
                                             WHERE p.conversation_id = ${row}.id AND p.user_id = ${user})))`;
}

/**
 * The same rule for a query that already keeps `row` to the workspace `workspace` (an SQL expression of its id): the
 * membership checks no longer depend on the row, so PostgreSQL runs them once, and only the person's part in each
 * conversation is looked up per row. Over a large workspace's 10,000 pending approvals, a member's inbox took 14 ms
 * instead of 190 (bench:scale).
 */
export function conversationVisibleInWorkspaceSql(
  row: string,
  { user, workspace }: { user: string; workspace: string },
): string {
  return `(EXISTS (SELECT 1 FROM memberships m WHERE m.workspace_id = ${workspace} AND m.user_id = ${user} AND m.role = 'admin')
           OR (EXISTS (SELECT 1 FROM memberships m WHERE m.workspace_id = ${workspace} AND m.user_id = ${user})
               AND EXISTS (SELECT 1 FROM conversation_participants p
                           WHERE p.conversation_id = ${row}.id AND p.user_id = ${user})))`;
}

/** For a check already holding the person's membership: an admin sees every conversation of the workspace. */
export const seesEveryConversation = (role: MemberRole | null) => role === "admin";

export interface ConversationAccessOptions<C> {
  /** Where to read: the client or a Prisma transaction (`require...Access`), an SQL one (`require...AccessSql`). */
  client: C;
  conversationId: string;
  /** The object the caller reached the conversation through, named in the 404: "<what> not found". */
  what?: string;
}

/**
 * The conversation, when the person may see it, with their role in its workspace; else 404 "<what> not found", as
 * for an id that does not exist. `what` names the object the caller reached the conversation through (a draft,
 * a message, an attachment), so that a hidden one answers like a random id of its own kind.
 */
export async function requireConversationAccess(
  actor: PersonActor,
  { client, conversationId, what = "Conversation" }: ConversationAccessOptions<Db | Tx>,
) {
  if (!isUuid(conversationId)) throw notFound(what);
  const row = await client.conversation.findFirst({
    where: { id: conversationId.toLowerCase(), ...conversationVisibleTo(actor.userId) },
    include: roleIn(actor.userId),
  });
  const { object: conversation, role } = withRole(row, what);
  return { conversation, role };
}

/** requireConversationAccess in an SQL transaction: the same rule (conversationVisibleSql), the same answers. */
export async function requireConversationAccessSql(
  actor: PersonActor,
  { client: sql, conversationId, what = "Conversation" }: ConversationAccessOptions<Sql>,
) {
  if (!isUuid(conversationId)) throw notFound(what);
  const [row] = await sql.query(CONVERSATION_ACCESS, [conversationId.toLowerCase(), actor.userId]);
  if (!row) throw notFound(what);
  return { conversation: { id: row.id, workspaceId: row.workspace_id }, role: row.role };
}

/** $1 the conversation, $2 the person. */
const CONVERSATION_ACCESS = query("access.conversation", {
  text: `SELECT c.id, c.workspace_id, m.role
  FROM conversations c JOIN memberships m ON m.workspace_id = c.workspace_id AND m.user_id = $2
  WHERE c.id = $1 AND ${conversationVisibleSql("c", "$2")}`,
});

/** The person's membership of the object's workspace, read with the object (`include`). */
const roleIn = (userId: string) => ({
  workspace: { select: { memberships: { where: { userId }, select: { role: true } } } },
});

/** The object without its workspace, and the person's role there; 404 "<what> not found" without either. */
function withRole<T extends { workspace: { memberships: { role: MemberRole }[] } }>(row: T | null, what: string) {
  const role = row?.workspace.memberships[0]?.role;
  if (!row || !role) throw notFound(what);
  const { workspace: _, ...object } = row;
  return { object, role };
}

// ---- Contacts ----

/** The contacts the person sees: every contact of a workspace they are a member of. */
export function contactVisibleTo(userId: string): Prisma.ContactWhereInput {
  return { workspace: { memberships: { some: { userId } } } };
}

/** The same rule as an SQL condition on contact row `row`. */
export function contactVisibleSql(row: string, user: string): string {
  return `EXISTS (SELECT 1 FROM memberships m WHERE m.workspace_id = ${row}.workspace_id AND m.user_id = ${user})`;
}

export interface ContactAccessOptions<C> {
  /** Where to read: the client or a Prisma transaction (`require...Access`), an SQL one (`require...AccessSql`). */
  client: C;
  contactId: string;
  /** The object the caller reached the contact through, named in the 404: "<what> not found". */
  what?: string;
}

/**
 * The contact, when the person may see it, with their role in its workspace; else 404 "<what> not found". `what`
 * names the object reached through the contact (a fact).
 */
export async function requireContactAccess(
  actor: PersonActor,
  { client, contactId, what = "Contact" }: ContactAccessOptions<Db | Tx>,
) {
  if (!isUuid(contactId)) throw notFound(what);
  const row = await client.contact.findFirst({
    where: { id: contactId.toLowerCase(), ...contactVisibleTo(actor.userId) },
    include: roleIn(actor.userId),
  });
  const { object: contact, role } = withRole(row, what);
  return { contact, role };
}

/** requireContactAccess in an SQL transaction: the same rule (contactVisibleSql), the same answers. */
export async function requireContactAccessSql(
  actor: PersonActor,
  { client: sql, contactId, what = "Contact" }: ContactAccessOptions<Sql>,
) {
  if (!isUuid(contactId)) throw notFound(what);
  const [row] = await sql.query(CONTACT_ACCESS, [contactId.toLowerCase(), actor.userId]);
  if (!row) throw notFound(what);
  return { contact: { id: row.id, workspaceId: row.workspace_id }, role: row.role };
}

/** $1 the contact, $2 the person. */
const CONTACT_ACCESS = query("access.contact", {
  text: `SELECT c.id, c.workspace_id, m.role
  FROM contacts c JOIN memberships m ON m.workspace_id = c.workspace_id AND m.user_id = $2
  WHERE c.id = $1 AND ${contactVisibleSql("c", "$2")}`,
});

// ---- Bots a person looks after ----

/** The bots the person manages: every bot of a workspace they administer, and the ones they registered there. */
export function botManagedBy(userId: string): Prisma.BotWhereInput {
  return {
    OR: [
      { workspace: { memberships: { some: { userId, role: "admin" } } } },
      { createdByUserId: userId, workspace: { memberships: { some: { userId } } } },
    ],
  };
}

/** The same rule as an SQL condition on bot row `row`. */
export function botManagedSql(row: string, user: string): string {
  return `EXISTS (SELECT 1 FROM memberships m WHERE m.workspace_id = ${row}.workspace_id AND m.user_id = ${user}
            AND (m.role = 'admin' OR ${row}.created_by_user_id = ${user}))`;
}

/** For a check already holding the person's membership: an admin manages every bot of the workspace. */
export const managesEveryBot = (role: MemberRole | null) => role === "admin";

export interface BotManager {
  /** The person's role in the bot's workspace: null when not a member. */
  role: MemberRole | null;
  userId: string;
}

/** The same rule on a membership already read (null: not a member of the bot's workspace). */
export const managesBot = (bot: { createdByUserId: string | null }, { role, userId }: BotManager) =>
  managesEveryBot(role) || (role !== null && bot.createdByUserId === userId);
