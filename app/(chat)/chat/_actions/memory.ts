"use server";

import { confirmFact, editFact, rejectFact, retireFact } from "@/lib/memory/decide-fact";
import { formText } from "@/app/_lib/form-text";
import type { ActionState } from "@/lib/forms/form-state";
import { run } from "@/app/(chat)/chat/_lib/run-action";

// The chat's memory actions (app/(chat)/chat/_lib/run-action.ts says how every chat action answers).

export async function decideFact(
  factId: string,
  decision: "confirm" | "confirm_keep" | "reject" | "retire",
  path: string,
  state: ActionState,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    if (decision === "reject") await rejectFact(actor, factId);
    else if (decision === "retire") await retireFact(actor, factId);
    else await confirmFact(actor, factId, { keepOthers: decision === "confirm_keep" });
    return decision === "reject" ? "Rejected" : decision === "retire" ? "Retired" : "Confirmed";
  });
}

export async function reviseFact(
  factId: string,
  path: string,
  state: ActionState,
  formData: FormData,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    await editFact(actor, factId, formText(formData, "fact"));
    return "Saved";
  });
}
