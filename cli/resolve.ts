import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { person, systemActor, type Actor, type PersonActor } from "@/lib/people/actor";

// Turns the names people type (slugs, emails, handles) into the ids the domain functions take.

export async function workspaceBySlug(slug: string | undefined) {
  if (!slug) throw new UsageError("--workspace SLUG is required");
  const workspace = await db().workspace.findUnique({ where: { slug } });
  if (!workspace) throw new ApiError("not_found", `No workspace with slug "${slug}"`);
  return workspace;
}

export async function personByEmail(email: string): Promise<PersonActor> {
  const user = await db().user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new ApiError("not_found", `No person with email ${email}`);
  return person(user.id, "cli");
}

/** `--as EMAIL` when given; else the operator at the command line. */
export async function actorFrom(as: string | undefined): Promise<Actor> {
  return as ? personByEmail(as) : systemActor;
}

export async function requirePerson(as: string | undefined): Promise<PersonActor> {
  if (!as) throw new UsageError("--as EMAIL is required: this action is taken by a person");
  return personByEmail(as);
}

export async function botByHandle(handle: string | undefined) {
  if (!handle) throw new UsageError("a bot HANDLE is required");
  const bot = await db().bot.findUnique({ where: { handle: handle.replace(/^@/, "").toLowerCase() } });
  if (!bot) throw new ApiError("not_found", `No bot @${handle}`);
  return bot;
}

export class UsageError extends Error {}

export function required(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`${what} is required`);
  return value;
}

export function wholeNumber(value: string | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new UsageError(`${what} must be a whole number`);
  return n;
}
