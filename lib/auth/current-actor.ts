import "server-only";
import { redirect } from "next/navigation";
import { person, type PersonActor } from "@/lib/people/actor";
import { signInPath } from "./callback-url";
import { signedInPerson, type SignedInPerson } from "./session";

/**
 * The signed-in person as the actor of the domain functions (via "web"). Signed out: redirects to the sign-in page,
 * which comes back to `callbackPath` (pages pass their own path; server components cannot read it otherwise).
 */
export async function currentActor(callbackPath = "/developers"): Promise<PersonActor> {
  const me = await signedInPerson();
  if (!me) redirect(signInPath(callbackPath));
  return browserActor(me);
}

/** The signed-in person acting in the browser, with their session (its last strong check is what step-up reads). */
export function browserActor(me: SignedInPerson): PersonActor {
  const actor = person(me.id, "web");
  return me.sessionId ? { ...actor, session: { id: me.sessionId, strongAuthAt: me.strongAuthAt ?? null } } : actor;
}
