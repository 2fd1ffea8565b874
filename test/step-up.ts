import type { PersonActor } from "@/lib/people/actor";
import { person } from "@/lib/people/actor";
import { saveRuleSet } from "@/lib/policy/rule-sets/save-rule-set";
import type { SeededWorld } from "@/lib/seed/seed-world";
import { newDeviceToken } from "@/lib/sessions/device";
import { startSession } from "@/lib/sessions/start-session";

// What the step-up tests share (lib/factors/step-up-gate.ts and its callers): a person in a browser session of
// theirs, last strongly checked when the test says, and a workspace rule that holds amounts over 500 with step-up.

/** `userId` in a new browser session (a password sign-in), last checked with a passkey or code at `strongAuthAt`. */
export async function inBrowser(userId: string, strongAuthAt: Date | null): Promise<PersonActor> {
  const { sessionId } = await startSession({
    userId,
    method: "password",
    userAgent: null,
    address: "198.51.100.7",
    deviceToken: newDeviceToken(),
  });
  return { ...person(userId, "web"), session: { id: sessionId, strongAuthAt } };
}

/** The rule `large-amounts`: money over 500 is held for an admin, whose approval needs step-up. Saved by the admin. */
export const STEP_UP_RULES = {
  rules: [
    {
      slug: "large-amounts",
      match: { content: [{ kind: "money", over: 500 }] },
      outcome: { hold: { group: "role:admin", approvals: 1, stepUp: true } },
    },
  ],
};

/** Saves STEP_UP_RULES in the seeded workspace as its admin (Ana), who may need a fresh check for it (`as`). */
export async function holdLargeAmountsWithStepUp(world: SeededWorld, as: PersonActor = person(world.people[0]!.id, "web")) {
  await saveRuleSet(as, { workspaceId: world.workspace.id, rules: STEP_UP_RULES, reason: "test" });
}
