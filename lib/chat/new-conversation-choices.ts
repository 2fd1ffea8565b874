import { db } from "@/lib/db/client";
import { findContacts, type ContactOption } from "@/lib/contacts/find-contacts";
import type { PersonActor } from "@/lib/people/actor";
import { listWorkspaceBots, type WorkspaceBot } from "./list-workspace-bots";

// Who and what a person may bring into a new conversation of the workspace: its other members, its contacts, and
// its bots that may still talk (a stopped bot cannot be authorized; a paused one can, and its messages wait).
// Contacts are found as the person types (findContacts); these are the first suggestions, before they type.

export interface NewConversationChoices {
  people: { id: string; name: string; handle: string }[];
  contacts: ContactOption[];
  bots: WorkspaceBot[];
}

export async function newConversationChoices(actor: PersonActor, workspaceId: string): Promise<NewConversationChoices> {
  const bots = await listWorkspaceBots(actor, workspaceId); // checks the workspace and the membership
  const [memberships, contacts] = await Promise.all([
    db().membership.findMany({
      where: { workspaceId, userId: { not: actor.userId } },
      select: { user: { select: { id: true, name: true, handle: true } } },
      orderBy: { user: { name: "asc" } },
    }),
    findContacts(actor, { workspaceId, query: "" }),
  ]);
  return {
    people: memberships.map((m) => m.user),
    contacts,
    bots: bots.filter((bot) => bot.status !== "stopped"),
  };
}
