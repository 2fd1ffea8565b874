import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { listContactFacts, type ContactFactView } from "./list-contact-facts";

/** Contacts whose candidates are listed at once; the oldest waiting first. */
const CONTACTS_MAX = 50;

/**
 * What bots proposed about contacts and waits for a person's decision, across a workspace, oldest first: the
 * candidates of listContactFacts (the same view and the same rule: any member of the workspace), each with its
 * contact. For the approvals list of a person's AI assistant (MCP `list_pending_approvals`).
 */
export async function listCandidateFacts(
  actor: PersonActor,
  workspaceId: string,
): Promise<(ContactFactView & { contact: { id: string; name: string } })[]> {
  const workspace = await db().workspace.findUnique({
    where: { id: requireUuid(workspaceId, "Workspace") },
    select: { id: true },
  });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireMember(actor, { client: db(), workspaceId: workspace.id });
  const waiting = await db().contactFact.groupBy({
    by: ["contactId"],
    where: { workspaceId: workspace.id, status: "candidate" },
    _min: { createdAt: true },
    orderBy: { _min: { createdAt: "asc" } },
    take: CONTACTS_MAX,
  });
  const lists = await Promise.all(waiting.map((w) => listContactFacts(actor, w.contactId)));
  return lists
    .flatMap((list) => list.candidates.map((fact) => ({ ...fact, contact: list.contact })))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}
