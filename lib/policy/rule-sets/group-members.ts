// Who is in an approver group, as SQL (issue 33, approval routing): the one rule the approvals inbox, the deciding
// functions and the notifications share. `role:admin` is the workspace's admins, `role:member` everyone in it (admins
// included: decision 034), any other name a named group's people (approver_group_members, held to the workspace's
// memberships by a foreign key). A person who left the workspace is in no group.

export interface InGroupSql {
  /** An SQL expression for the group's name (a column such as `d.approver_group`). */
  group: string;
  /** An SQL expression for the workspace's id. */
  workspace: string;
  /** An SQL expression for the person's user id. */
  user: string;
}

/** An SQL condition: `user` is in approver group `group` of `workspace`. */
export function inApproverGroupSql({ group, workspace, user }: InGroupSql): string {
  return `EXISTS (SELECT 1 FROM memberships gm WHERE gm.workspace_id = ${workspace} AND gm.user_id = ${user}
            AND (${group} = 'role:member' OR (${group} = 'role:admin' AND gm.role = 'admin')
                 OR EXISTS (SELECT 1 FROM approver_groups ag
                              JOIN approver_group_members agm ON agm.group_id = ag.id
                             WHERE ag.workspace_id = ${workspace} AND ag.slug = ${group} AND agm.user_id = ${user})))`;
}
