import "server-only";
import { db } from "@/lib/db/client";

/**
 * The Relay person an OAuth sign-in (GitHub, Google) is for, or null to refuse it. The rule:
 * - the provider must say it verified the email (GitHub: the account's primary email and its `verified` flag;
 *   Google: the ID token's `email_verified`), so nobody signs in as an address they merely typed into a profile;
 * - a Relay account with that email must already exist (emails compared lower-cased, as lib/people/create-person.ts
 *   stores them).
 * Signing in with OAuth never creates an account nor a membership: people join Relay when a workspace admin invites
 * them. Nothing is written, so there is no audit event either (audit events belong to a workspace; sign-in to none).
 */
export async function linkOAuthAccount(input: {
  email: string | null;
  emailVerified: boolean;
}): Promise<string | null> {
  const email = input.email?.trim().toLowerCase();
  if (!input.emailVerified || !email) return null;
  const user = await db().user.findUnique({ where: { email }, select: { id: true } });
  return user?.id ?? null;
}
