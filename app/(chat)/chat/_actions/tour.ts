"use server";

import { dismissDemoTour } from "@/lib/seed/demo-tour";
import { formAction } from "@/app/_lib/action";

// The demo's tour (lib/seed/demo-tour.ts): hidden for good by the person who dismisses it.
export const dismissTour = formAction((path: string) => ({
  path,
  run: async (actor) => {
    await dismissDemoTour(actor);
    return { done: "The tour is hidden" };
  },
}));
