import { query, sql } from "@/lib/db/sql";

// What an export holds (issue 38, item 1; docs/decisions/045-erasure.md), one JSON Lines file per section, each row
// as the table keeps it minus what is a secret (password and token hashes, sealed factors, device cookies' digests)
// or an index (search words). Sections are read a page at a time in key order (PAGE rows, keyset on the id, or on
// seq within each conversation for messages), so an export of any size holds one page in memory.

const PAGE = 1000;

/** A page's rows: `key` orders them, `row` is the JSON written. */
type Page = { key: string; row: unknown }[];

export interface Scope {
  workspaceId: string;
  /** The contact or the person. */
  subjectId: string;
  /** The conversations the export covers: the contact's, the person's, or the workspace's. */
  conversationIds: string[];
}

export interface Section {
  /** The file in the archive. */
  file: string;
  /** What the README says of it. */
  about: string;
  /** The next page after `after` (the last page's last key; null for the first page). */
  page: (scope: Scope, after: string | null) => Promise<Page>;
}

/**
 * `SELECT <key>, <row> FROM <from> WHERE <where> AND <key> > $3 ORDER BY <key> LIMIT <PAGE>`; a null $3 is the first
 * page (COALESCE keeps the key's index usable).
 */
const paged = (from: string, where: string, row = "to_jsonb(t)", key = "t.id") =>
  `SELECT ${key}::text AS key, ${row} AS row FROM ${from}
    WHERE ${where} AND ${key} > COALESCE($3::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
    ORDER BY ${key} LIMIT ${PAGE}`;
const typed = { notNull: ["key", "row"] };

// --- a contact's ($1 contact, $2 its conversations, $3 after) ---
const CONTACT = query("export.contact", {
  text: paged("contacts t", "t.id = $1 AND $2::uuid[] IS NOT NULL"),
  ...typed,
});
const CONTACT_FACTS = query("export.contactFacts", { text: paged("contact_facts t", "t.contact_id = $1 AND $2::uuid[] IS NOT NULL"), ...typed });
const CONTACT_OPT_OUTS = query("export.contactOptOuts", {
  text: paged("opt_outs t", "(t.contact_id = $1 OR t.conversation_id = ANY($2::uuid[]))"),
  ...typed,
});

// --- a person's ($1 person, $2 workspace, $3 after) ---
const PERSON = query("export.person", {
  text: paged("users t", "t.id = $1 AND $2::uuid IS NOT NULL", "to_jsonb(t) - 'password_hash'"),
  ...typed,
});
const PERSON_MEMBERSHIPS = query("export.personMemberships", { text: paged("memberships t", "t.user_id = $1 AND t.workspace_id = $2"), ...typed });
const PERSON_SESSIONS = query("export.personSessions", {
  text: paged("person_sessions t", "t.user_id = $1 AND $2::uuid IS NOT NULL", "to_jsonb(t) - 'device_key'"),
  ...typed,
});
const PERSON_SECURITY = query("export.personSecurityEvents", { text: paged("security_events t", "t.user_id = $1 AND $2::uuid IS NOT NULL"), ...typed });
const PERSON_PASSKEYS = query("export.personPasskeys", {
  text: paged(
    "passkeys t",
    "t.user_id = $1 AND $2::uuid IS NOT NULL",
    "jsonb_build_object('id', t.id, 'name', t.name, 'device_type', t.device_type, 'created_at', t.created_at)",
  ),
  ...typed,
});
const PERSON_TOKENS = query("export.personTokens", {
  text: paged("personal_access_tokens t", "t.user_id = $1 AND t.workspace_id = $2", "to_jsonb(t) - 'token_hash'"),
  ...typed,
});
// Few, and keyed by text: one page.
const PERSON_GRANTS = query("export.personGrants", {
  text: `SELECT t.grant_id AS key, to_jsonb(t) AS row FROM oauth_grants t
    WHERE t.user_id = $1 AND t.workspace_id = $2 AND $3::text IS NULL ORDER BY t.grant_id`,
  ...typed,
});
const PERSON_NOTIFICATIONS = query("export.personNotifications", { text: paged("notifications t", "t.user_id = $1 AND t.workspace_id = $2"), ...typed });
const PERSON_EMAILS = query("export.personEmails", { text: paged("email_outbox t", "t.user_id = $1 AND (t.workspace_id = $2 OR t.workspace_id IS NULL)"), ...typed });
const PERSON_APPROVALS = query("export.personApprovals", {
  text: paged("draft_approvals t", "t.user_id = $1 AND $2::uuid IS NOT NULL", "to_jsonb(t)", "t.draft_id"),
  ...typed,
});
const PERSON_ACTIONS = query("export.personActions", { text: paged("audit_events t", "t.actor_id = $1 AND t.workspace_id = $2"), ...typed });
const PERSON_OPT_OUTS = query("export.personOptOuts", { text: paged("opt_outs t", "t.user_id = $1 AND t.workspace_id = $2"), ...typed });

// --- a workspace's ($1 workspace, $2 unused, $3 after) ---
const WORKSPACE = query("export.workspace", { text: paged("workspaces t", "t.id = $1 AND $2::uuid IS NULL"), ...typed });
const WORKSPACE_MEMBERS = query("export.workspaceMembers", {
  text: paged(
    "memberships t JOIN users u ON u.id = t.user_id",
    "t.workspace_id = $1 AND $2::uuid IS NULL",
    "to_jsonb(t) || jsonb_build_object('name', u.name, 'email', u.email, 'handle', u.handle)",
  ),
  ...typed,
});
const WORKSPACE_CONTACTS = query("export.workspaceContacts", { text: paged("contacts t", "t.workspace_id = $1 AND $2::uuid IS NULL"), ...typed });
const WORKSPACE_FACTS = query("export.workspaceFacts", { text: paged("contact_facts t", "t.workspace_id = $1 AND $2::uuid IS NULL"), ...typed });
const WORKSPACE_BOTS = query("export.workspaceBots", { text: paged("bots t", "t.workspace_id = $1 AND $2::uuid IS NULL"), ...typed });
const WORKSPACE_RULES = query("export.workspaceRules", { text: paged("policy_rule_set_versions t", "t.workspace_id = $1 AND $2::uuid IS NULL"), ...typed });
const WORKSPACE_ACTIONS = query("export.workspaceActions", { text: paged("audit_events t", "t.workspace_id = $1 AND $2::uuid IS NULL"), ...typed });
const WORKSPACE_OPT_OUTS = query("export.workspaceOptOuts", { text: paged("opt_outs t", "t.workspace_id = $1 AND $2::uuid IS NULL"), ...typed });

// --- the conversations in scope ($1 conversations, $2 after) ---
const CONVERSATIONS = query("export.conversations", {
  text: `SELECT t.id::text AS key,
          to_jsonb(t) || jsonb_build_object('participants', (
            SELECT COALESCE(jsonb_agg(jsonb_build_object('user_id', p.user_id, 'contact_id', p.contact_id, 'joined_at', p.joined_at)), '[]')
              FROM conversation_participants p WHERE p.conversation_id = t.id)) AS row
     FROM conversations t
    WHERE t.id = ANY($1::uuid[]) AND t.id > COALESCE($2::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
    ORDER BY t.id LIMIT ${PAGE}`,
  ...typed,
});
const DRAFTS = query("export.drafts", { text: paged("drafts t", "t.conversation_id = ANY($1::uuid[]) AND $2::uuid IS NULL"), ...typed });
const DECISIONS = query("export.policyDecisions", {
  text: paged("policy_decisions t", "t.conversation_id = ANY($1::uuid[]) AND $2::uuid IS NULL"),
  ...typed,
});
const ATTACHMENTS = query("export.attachments", {
  text: paged("attachments t", "t.conversation_id = ANY($1::uuid[]) AND $2::uuid IS NULL"),
  ...typed,
});
// One conversation's messages by seq ($1 conversation, $2 after seq), with who wrote each by handle.
const MESSAGES = query("export.messages", {
  text: `SELECT m.seq::text AS key,
          to_jsonb(m) - 'search_words' || jsonb_build_object('sender_handle', COALESCE(u.handle, b.handle)) AS row
     FROM messages m
     LEFT JOIN users u ON u.id = m.sender_user_id
     LEFT JOIN bots b ON b.id = m.sender_bot_id
    WHERE m.conversation_id = $1 AND m.seq > $2 ORDER BY m.seq LIMIT ${PAGE}`,
  ...typed,
});

const rows = async (pending: Promise<{ key: string; row: unknown }[]>): Promise<Page> => pending;

/** The three sections every subject has about its conversations: a section's scope is its conversations. */
const conversationSections: Section[] = [
  {
    file: "conversations.jsonl",
    about: "The conversations, each with its participants (people by user id, contacts by contact id).",
    page: (s, after) => rows(sql().query(CONVERSATIONS, [s.conversationIds, after])),
  },
  {
    file: "messages.jsonl",
    about:
      "Every message of those conversations in order (conversation, then seq), with `sender_handle`. An erased message has `erased_at` and an empty body.",
    // The key is `<conversation index>:<seq>`: the conversations one after another, each by seq.
    page: async (s, after) => {
      let [index, seq] = after === null ? [0, 0] : (after.split(":").map(Number) as [number, number]);
      for (; index < s.conversationIds.length; index++, seq = 0) {
        const found = await sql().query(MESSAGES, [s.conversationIds[index]!, seq]);
        if (found.length) return found.map((r) => ({ key: `${index}:${r.key}`, row: r.row }));
      }
      return [];
    },
  },
  {
    file: "drafts.jsonl",
    about: "Drafts and held messages of bots in those conversations, with who decided them and how.",
    page: (s, after) => rows(sql().query(DRAFTS, [s.conversationIds, null, after])),
  },
  {
    file: "policy_decisions.jsonl",
    about: "Why bot messages in those conversations were blocked or deferred (the policy's record of each attempt).",
    page: (s, after) => rows(sql().query(DECISIONS, [s.conversationIds, null, after])),
  },
  {
    file: "attachments.jsonl",
    about: "The files of those conversations; each one's bytes are in `files/<sha256>` (named in `sha256`).",
    page: (s, after) => rows(sql().query(ATTACHMENTS, [s.conversationIds, null, after])),
  },
];

const bySubject = (
  file: string,
  about: string,
  statement: Parameters<ReturnType<typeof sql>["query"]>[0],
  second: (s: Scope) => string | string[] | null,
): Section => ({
  file,
  about,
  page: (s, after) =>
    rows(
      (sql().query as (q: typeof statement, v: unknown[]) => Promise<Page>)(statement, [
        s.subjectId,
        second(s),
        after,
      ]),
    ),
});

const conversations = (s: Scope) => s.conversationIds;
const workspace = (s: Scope) => s.workspaceId;
const none = () => null;

export const SECTIONS: Record<"contact" | "person" | "workspace", Section[]> = {
  contact: [
    bySubject("contact.jsonl", "The contact as Relay keeps it.", CONTACT, conversations),
    bySubject("facts.jsonl", "What is known about the contact: every fact, confirmed or not, with the message it cites.", CONTACT_FACTS, conversations),
    bySubject("opt_outs.jsonl", "Consent: the contact's opt-outs (STOP) and those in its conversations.", CONTACT_OPT_OUTS, conversations),
    ...conversationSections,
  ],
  person: [
    bySubject("person.jsonl", "The person's account (no password).", PERSON, workspace),
    bySubject("memberships.jsonl", "The person's role in the workspace.", PERSON_MEMBERSHIPS, workspace),
    bySubject("sessions.jsonl", "Where and how the person signed in.", PERSON_SESSIONS, workspace),
    bySubject("security_events.jsonl", "Sign-ins, lockouts and factor changes of the account.", PERSON_SECURITY, workspace),
    bySubject("passkeys.jsonl", "The person's passkeys, by name.", PERSON_PASSKEYS, workspace),
    bySubject("tokens.jsonl", "Access tokens the person gave AI assistants (never the tokens).", PERSON_TOKENS, workspace),
    bySubject("oauth_grants.jsonl", "Assistants the person allowed through OAuth.", PERSON_GRANTS, workspace),
    bySubject("notifications.jsonl", "What Relay told the person (in the app, by push and e-mail).", PERSON_NOTIFICATIONS, workspace),
    bySubject("emails.jsonl", "E-mails kept for the person (when no mail server is set).", PERSON_EMAILS, workspace),
    bySubject("approvals.jsonl", "The person's approvals of bot messages.", PERSON_APPROVALS, workspace),
    bySubject("actions.jsonl", "What the person did, as the workspace's audit history records it.", PERSON_ACTIONS, workspace),
    bySubject("opt_outs.jsonl", "The person's opt-outs (STOP).", PERSON_OPT_OUTS, workspace),
    ...conversationSections,
  ],
  workspace: [
    bySubject("workspace.jsonl", "The workspace.", WORKSPACE, none),
    bySubject("members.jsonl", "Its people and their roles.", WORKSPACE_MEMBERS, none),
    bySubject("contacts.jsonl", "Its contacts.", WORKSPACE_CONTACTS, none),
    bySubject("facts.jsonl", "Every fact about its contacts.", WORKSPACE_FACTS, none),
    bySubject("bots.jsonl", "Its bots (never their keys or signing secrets).", WORKSPACE_BOTS, none),
    bySubject("policy_rules.jsonl", "Every version of its policy rules.", WORKSPACE_RULES, none),
    bySubject("actions.jsonl", "Its audit history.", WORKSPACE_ACTIONS, none),
    bySubject("opt_outs.jsonl", "Consent: opt-outs in it.", WORKSPACE_OPT_OUTS, none),
    ...conversationSections,
  ],
};

