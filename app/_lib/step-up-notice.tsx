import "server-only";
import { stepUpStanding } from "@/lib/factors/step-up-gate";
import type { PersonActor } from "@/lib/people/actor";
import { stepUpOptions } from "@/app/(chat)/chat/_actions/messages";
import { confirmItsYou } from "@/app/(settings)/settings/security/_actions";
import { StepUpConfirm } from "@/components/chat/step-up-confirm";

/**
 * "Confirm it's you" where a page needs it (lib/factors/step-up-gate.ts):
 * - `change`: a workspace's admin page whose changes its `step_up` guards; nothing when it does not.
 * - `grant`: where a person gives an assistant access (a token, an OAuth consent); shown to anyone with a factor, since
 *   only access granted within 5 minutes of a check may approve items that need one.
 */
export async function StepUpNotice({
  actor,
  workspaceId,
  purpose,
}: {
  actor: PersonActor;
  workspaceId?: string;
  purpose: "change" | "grant";
}) {
  const standing = await stepUpStanding(actor, { workspaceId });
  const shown = purpose === "change" ? standing.required : standing.hasFactor;
  if (!shown) return null;
  return (
    <StepUpConfirm
      confirm={confirmItsYou}
      options={stepUpOptions}
      freshUntil={standing.freshUntil?.toISOString() ?? null}
      purpose={purpose}
    />
  );
}
