import "server-only";
import { cache } from "react";
import { getServerSession } from "next-auth";
import { authOptions } from "./options";
import { sessionPerson, type SignedInPerson } from "./session-person";

export type { SignedInPerson };

/**
 * The person signed in on this request, or null. Read once per request (the layout and the page share it). The
 * token's session row is checked each time (lib/auth/session-person.ts): a session signed out elsewhere, or a deleted
 * account, does not live on in its cookie.
 */
export const signedInPerson = cache(async (): Promise<SignedInPerson | null> => {
  const session = await getServerSession(authOptions());
  return sessionPerson({ userId: session?.user?.id, sessionId: session?.sid });
});
