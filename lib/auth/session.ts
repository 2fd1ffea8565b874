import "server-only";
import { cache } from "react";
import { getServerSession } from "next-auth";
import { db } from "@/lib/db/client";
import { authOptions } from "./options";

export interface SignedInPerson {
  id: string;
  email: string;
  name: string;
  handle: string;
}

/**
 * The person signed in on this request, or null. Read once per request (the layout and the page share it), and
 * looked up again so a deleted account does not live on in its cookie.
 */
export const signedInPerson = cache(async (): Promise<SignedInPerson | null> => {
  const session = await getServerSession(authOptions());
  const id = session?.user?.id;
  if (!id) return null;
  return db().user.findUnique({ where: { id }, select: { id: true, email: true, name: true, handle: true } });
});
