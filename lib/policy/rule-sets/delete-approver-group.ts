import { query, transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { recordAuditSql } from "@/lib/audit/record-audit";
import type { Actor } from "@/lib/people/actor";
import { validateRuleSet } from "@/lib/policy/custom/validate-rule-set";
import { currentVersion } from "./current-version";
import { groupSizes } from "./group-sizes";
import { lockRules } from "./lock-rules";
import { requireRulesAdmin } from "./require-rules-admin";
import { refusal } from "./store-version";
import { requireStepUpToChange } from "@/lib/factors/step-up-gate";

// An admin deletes a named approver group (issue 33, approval routing). Refused while something still needs it: the
// rules in force naming it (a hold's group or its escalation's, named by rule and field, as a save of a group that
// breaks them is: ./save-approver-group.ts), or an item still waiting for its people (a held message routed to it
// before the rules stopped naming it would be left for nobody to decide). Under the workspace's rules lock
// (./lock-rules.ts), so a save of rules naming the group cannot pass the check; the group's people go with it (the
// foreign key cascades). Audited. The roles (`role:admin`, `role:member`) are not groups one can delete.

const DELETE_GROUP = query("approverGroups.delete", {
  text: `DELETE FROM approver_groups WHERE workspace_id = $1 AND slug = $2 RETURNING id, name`,
});
const WAITING_FOR = query("approverGroups.waitingFor", {
  text: `SELECT count(*)::int AS waiting
      FROM drafts d JOIN conversations c ON c.id = d.conversation_id
     WHERE c.workspace_id = $1 AND d.status = 'pending' AND d.expires_at > now()
       AND (d.approver_group = $2 OR d.escalation_group = $2)`,
  notNull: ["waiting"],
});

export interface DeleteApproverGroupOptions {
  workspaceId: string;
  /** The named group's slug. */
  slug: string;
}

/** Deletes a named approver group; 404 for none of that slug, refused while the rules or a waiting item need it. */
export async function deleteApproverGroup(actor: Actor, { workspaceId, slug }: DeleteApproverGroupOptions) {
  const id = await requireRulesAdmin(actor, workspaceId);
  await requireStepUpToChange(actor, id);
  const notFound = () => new ApiError("not_found", "Approver group not found");
  if (typeof slug !== "string" || slug.startsWith("role:")) throw notFound();
  return transaction(async (tx) => {
    if (!(await lockRules(tx, id))) throw new ApiError("not_found", "Workspace not found");
    const [group] = await tx.query(DELETE_GROUP, [id, slug]);
    if (!group) throw notFound();
    const current = await currentVersion(tx, id);
    if (current) {
      const validation = validateRuleSet(current.rules, { groups: await groupSizes(tx, id) });
      if (!validation.ok)
        throw refusal(validation.issues, {
          prefix: `${slug} cannot be deleted: the current rules (version ${current.version}) name it`,
        });
    }
    const [{ waiting } = { waiting: 0 }] = await tx.query(WAITING_FOR, [id, slug]);
    if (waiting > 0)
      throw new ApiError(
        "conflict",
        `${slug} cannot be deleted: ${waiting === 1 ? "an item waits" : `${waiting} items wait`} for its people to decide`,
      );
    await recordAuditSql(tx, {
      workspaceId: id,
      actor,
      action: "policy.approver_group_deleted",
      subjectType: "approver_group",
      subjectId: group.id,
      data: { slug, name: group.name },
    });
    return { id: group.id, slug };
  });
}
