import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { person, systemActor, type Actor, type PersonActor } from "@/lib/people/actor";
import { required, UsageError } from "./command";

// Turns the names people type (slugs, emails, handles) into the ids and actors the domain functions take.

export async function workspaceBySlug(slug: string | undefined, what = "--workspace SLUG") {
  const given = required(slug, what);
  const workspace = await db().workspace.findUnique({ where: { slug: given } });
  if (!workspace) throw new ApiError("not_found", `No workspace with slug "${given}"`);
  return workspace;
}

export async function personByEmail(email: string): Promise<PersonActor> {
  const user = await db().user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new ApiError("not_found", `No person with email ${email}`);
  return person(user.id, "cli");
}

/** `--as EMAIL` when given; else the operator at the command line, trusted like the database's owner. */
export async function actorFrom(as: string | undefined): Promise<Actor> {
  return as ? personByEmail(as) : systemActor;
}

export async function requirePerson(as: string | undefined): Promise<PersonActor> {
  if (!as) throw new UsageError("--as EMAIL is required: a person takes this action");
  return personByEmail(as);
}

export async function botByHandle(handle: string | undefined, what = "the bot HANDLE") {
  const given = required(handle, what).replace(/^@/, "").toLowerCase();
  const bot = await db().bot.findUnique({ where: { handle: given } });
  if (!bot) throw new ApiError("not_found", `No bot @${given}`);
  return bot;
}
