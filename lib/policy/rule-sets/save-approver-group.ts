import { db } from "@/lib/db/client";
import { query, transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { recordAuditSql } from "@/lib/audit/record-audit";
import type { Actor } from "@/lib/people/actor";
import { textProblem } from "@/lib/text/hostile-text";
import { validateRuleSet } from "@/lib/policy/custom/validate-rule-set";
import { currentVersion } from "./current-version";
import { groupSizes } from "./group-sizes";
import { lockRules } from "./lock-rules";
import { requireRulesAdmin } from "./require-rules-admin";
import { refusal } from "./store-version";
import { requireStepUpToChange } from "@/lib/factors/step-up-gate";

// An admin makes or changes a named approver group (issue 33, approval routing): its slug, which rules name, its
// name for people, and exactly who is in it. Everyone in it must be a member of the workspace (the foreign key to
// memberships holds it too). The change is refused when it would leave the current rules unable to be met (a group
// a hold names emptied, or made smaller than its approvals), naming the rule and field, as a save of the rules
// would be: the rules in force always validate. Under the workspace's rules lock (./lock-rules.ts), so a save of
// the rules and a change of a group cannot pass each other's checks.

export const GROUP_MEMBERS_MAX = 500;
const FOREIGN_KEY_VIOLATION = "23503";
const GROUP_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const UPSERT_GROUP = query("approverGroups.upsert", {
  text: `INSERT INTO approver_groups (workspace_id, slug, name) VALUES ($1, $2, $3)
    ON CONFLICT (workspace_id, slug) DO UPDATE SET name = EXCLUDED.name, updated_at = now()
    RETURNING id`,
});
const INSERT_NEW_GROUP = query("approverGroups.insertNew", {
  text: `INSERT INTO approver_groups (workspace_id, slug, name) VALUES ($1, $2, $3)
    ON CONFLICT (workspace_id, slug) DO NOTHING
    RETURNING id`,
});
const REMOVE_OTHERS = query("approverGroups.removeOthers", {
  text: `DELETE FROM approver_group_members WHERE group_id = $1 AND NOT (user_id = ANY($2::uuid[]))`,
});
const ADD_MEMBERS = query("approverGroups.addMembers", {
  text: `INSERT INTO approver_group_members (group_id, workspace_id, user_id)
    SELECT $1::uuid, $2::uuid, unnest($3::uuid[]) ON CONFLICT DO NOTHING`,
});

export interface SaveApproverGroupOptions {
  workspaceId: string;
  /** What rules name it by: lowercase letters, digits and single dashes (`finance`); a new slug makes a new group. */
  slug: string;
  /** Its name for people ("Finance"). */
  name: string;
  /** Exactly the people in it, each a member of the workspace; may be empty while no rule names the group. */
  memberIds: string[];
  /** Only a new group: a slug in use is refused (409, field `slug`) instead of replacing that group. */
  onlyNew?: boolean;
}

/** The group as saved. */
export interface SavedApproverGroup {
  id: string;
  slug: string;
  name: string;
  memberIds: string[];
}

/** Makes or replaces a named approver group; refuses non-members, and a change the current rules could not live with. */
export async function saveApproverGroup(
  actor: Actor,
  { workspaceId, slug, name, memberIds, onlyNew }: SaveApproverGroupOptions,
): Promise<SavedApproverGroup> {
  const id = await requireRulesAdmin(actor, workspaceId);
  await requireStepUpToChange(actor, id);
  if (typeof slug !== "string" || !GROUP_SLUG.test(slug) || slug.length > 64)
    throw new ApiError(
      "invalid_body",
      "A group's slug must be lowercase letters, digits and single dashes (e.g. finance)",
      {
        field: "slug",
      },
    );
  const title = typeof name === "string" ? name.trim() : "";
  if (!title || title.length > 100 || textProblem(title))
    throw new ApiError("invalid_body", "A group's name must be 1 to 100 characters of text", { field: "name" });
  if (!Array.isArray(memberIds) || memberIds.length > GROUP_MEMBERS_MAX)
    throw new ApiError("invalid_body", `A group has at most ${GROUP_MEMBERS_MAX} members`, { field: "member_ids" });
  const members = [...new Set(memberIds.map((member) => String(member).toLowerCase()))];
  const known = members.every(isUuid)
    ? await db().membership.count({ where: { workspaceId: id, userId: { in: members } } })
    : -1;
  const notMembers = () =>
    new ApiError("invalid_body", "Every member of an approver group must be a member of the workspace", {
      field: "member_ids",
    });
  if (known !== members.length) throw notMembers();

  const groupId = await transaction(async (tx) => {
    if (!(await lockRules(tx, id))) throw new ApiError("not_found", "Workspace not found");
    const [group] = await tx.query(onlyNew ? INSERT_NEW_GROUP : UPSERT_GROUP, [id, slug, title]);
    if (!group)
      throw new ApiError("conflict", `There is already a group ${slug}: change it in its own form`, { field: "slug" });
    await tx.query(REMOVE_OTHERS, [group!.id, members]);
    // Someone may leave the workspace after the check above: the foreign key to memberships refuses them then.
    await tx.query(ADD_MEMBERS, [group!.id, id, members]).catch((error: unknown) => {
      throw (error as { code?: string }).code === FOREIGN_KEY_VIOLATION ? notMembers() : error;
    });
    const current = await currentVersion(tx, id);
    if (current) {
      const validation = validateRuleSet(current.rules, { groups: await groupSizes(tx, id) });
      if (!validation.ok)
        throw refusal(validation.issues, {
          prefix: `This change to ${slug} would break the current rules (version ${current.version})`,
        });
    }
    await recordAuditSql(tx, {
      workspaceId: id,
      actor,
      action: "policy.approver_group_saved",
      subjectType: "approver_group",
      subjectId: group!.id,
      data: { slug, name: title, member_ids: members },
    });
    return group!.id;
  });
  return { id: groupId, slug, name: title, memberIds: members };
}
