import { query, sql, type Sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { conversationVisibleInWorkspaceSql, conversationVisibleSql } from "@/lib/people/access";
import type { PersonActor } from "@/lib/people/actor";
import { inApproverGroupSql } from "@/lib/policy/rule-sets/group-members";

// Who may decide a draft or held message (issue 33, approval routing; docs/decisions/034-policy-rules.md). One rule,
// as SQL, for the approvals inbox, approve and reject, and the notifications:
// - an item with no approver group (held by the built-in rules alone, or a draft no rule routed): anyone who may see
//   its conversation (its members who take part, and the workspace's admins), as before;
// - an item a rule routed: the people of its approver group, whether or not they take part in the conversation (a
//   rule asking Finance means Finance), and, once it was escalated, the people of its escalation group too.
// Anyone who may decide may also reject; one rejection ends the item.

export interface MayDecideSql {
  /** The draft row's alias. */
  draft: string;
  /** Its conversation row's alias. */
  conversation: string;
  /** An SQL expression for the person's user id. */
  user: string;
  /**
   * An SQL expression for the workspace's id, when the query keeps `conversation` to that workspace (the inbox): the
   * person's membership and groups are then looked up once, not for each row (conversationVisibleInWorkspaceSql).
   */
  workspace?: string;
}

/** An SQL condition: the person `user` may decide draft row `draft` of conversation row `conversation`. */
export function mayDecideDraftSql({ draft: d, conversation: c, user, workspace: known }: MayDecideSql): string {
  const workspace = known ?? `${c}.workspace_id`;
  const visible = known
    ? conversationVisibleInWorkspaceSql(c, { user, workspace: known })
    : conversationVisibleSql(c, user);
  return `(CASE WHEN ${d}.approver_group IS NULL THEN ${visible}
           ELSE ${inApproverGroupSql({ group: `${d}.approver_group`, workspace, user })}
                OR (${d}.escalated_at IS NOT NULL AND ${d}.escalation_group IS NOT NULL
                    AND ${inApproverGroupSql({ group: `${d}.escalation_group`, workspace, user })}) END)`;
}

const DECIDER = query("drafts.decider", {
  text: `SELECT d.conversation_id, c.workspace_id, d.approver_group,
       ${conversationVisibleSql("c", "$2")} AS sees,
       ${mayDecideDraftSql({ draft: "d", conversation: "c", user: "$2" })} AS decides
  FROM drafts d JOIN conversations c ON c.id = d.conversation_id
  WHERE d.id = $1`,
  notNull: ["sees", "decides"],
});

/**
 * The draft's conversation and workspace when the person may decide it. A draft they may neither see nor decide is a
 * 404, as an unknown id; one they see but whose rule names another group, a 403 naming the group.
 */
export async function requireDraftDecider(actor: PersonActor, { sql, draftId: id }: { sql: Sql; draftId: string }) {
  const draftId = requireUuid(id, "Draft");
  const [row] = await sql.query(DECIDER, [draftId, actor.userId]);
  if (!row || (!row.sees && !row.decides)) throw new ApiError("not_found", "Draft not found");
  if (!row.decides)
    throw new ApiError("forbidden", `Only the approver group ${row.approver_group} may decide this item`);
  return { draftId, conversation: { id: row.conversation_id, workspaceId: row.workspace_id } };
}

const DECIDABLE_IN_CONVERSATION = query("drafts.decidableInConversation", {
  text: `SELECT d.id FROM drafts d JOIN conversations c ON c.id = d.conversation_id
    WHERE d.conversation_id = $1 AND d.status = 'pending'
      AND ${mayDecideDraftSql({ draft: "d", conversation: "c", user: "$2" })}`,
});

/**
 * The ids of a conversation's pending items this person may decide: its thread offers Approve and Reject for these
 * only (an item a rule routed to a group they are not in is shown, saying who decides it).
 */
export async function decidableDrafts(actor: PersonActor, conversationId: string): Promise<Set<string>> {
  const rows = await sql().query(DECIDABLE_IN_CONVERSATION, [conversationId, actor.userId]);
  return new Set(rows.map((row) => row.id));
}
