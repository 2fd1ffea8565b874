"use server";

import { confirmFact, editFact, rejectFact, retireFact } from "@/lib/memory/decide-fact";
import { formAction } from "@/app/_lib/action";
import type { FactDecision } from "@/components/chat/contact-facts";

// The chat's memory actions (app/_lib/action.ts says how every action answers).

export const decideFact = formAction(
  (factId: string, decision: FactDecision, path: string) => ({
    path,
    run: async (actor) => {
      if (decision === "reject") await rejectFact(actor, factId);
      else if (decision === "retire") await retireFact(actor, factId);
      else await confirmFact(actor, { factId, keepOthers: decision === "confirm_keep" });
      return { done: decision === "reject" ? "Rejected" : decision === "retire" ? "Retired" : "Confirmed" };
    },
  }),
);

export const reviseFact = formAction((factId: string, path: string) => ({
  path,
  read: (form) => ({ fact: form.text("fact") }),
  run: async (actor, { fact }) => {
    await editFact(actor, { factId, text: fact });
    return { done: "Saved" };
  },
}));
