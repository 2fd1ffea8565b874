// What an item that waits shows of its approvals (issue 33, approval routing): how many distinct people it needs, of
// which group, who approved so far, and whether the viewer is one of them. The approvals inbox
// (./list-pending-approvals.ts) and the conversation (lib/chat/get-thread.ts) show the same.

export interface ApprovalsSoFar {
  required: number;
  group: string | null;
  by: { handle: string | null; name: string | null }[];
  /** This person approved already. */
  mine: boolean;
}

export interface ApprovalsSoFarOptions {
  /** The approvals given to these items, oldest first (`draft_approvals` rows). */
  given: { draftId: string; userId: string }[];
  /** The approvers by id. */
  people: Map<string, { handle: string; name: string }>;
  viewerId: string;
}

/** The approvals of one item, from the approvals given to a page of items. */
export function approvalsSoFar(
  draft: { id: string; approvalsRequired: number; approverGroup: string | null },
  { given, people, viewerId }: ApprovalsSoFarOptions,
): ApprovalsSoFar {
  const mine = given.filter((approval) => approval.draftId === draft.id);
  return {
    required: draft.approvalsRequired,
    group: draft.approverGroup,
    by: mine.map((approval) => ({
      handle: people.get(approval.userId)?.handle ?? null,
      name: people.get(approval.userId)?.name ?? null,
    })),
    mine: mine.some((approval) => approval.userId === viewerId),
  };
}
