import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireMember, type PersonActor } from "@/lib/people/actor";

/** A workspace the person belongs to, by its slug (the chat's URLs name workspaces by slug), with their role. */
export async function openWorkspace(actor: PersonActor, slug: string) {
  const workspace = await db().workspace.findUnique({
    where: { slug },
    select: { id: true, slug: true, name: true, status: true },
  });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  const membership = await requireMember(actor, { client: db(), workspaceId: workspace.id });
  return { ...workspace, role: membership.role as "admin" | "member" };
}

export type OpenWorkspace = Awaited<ReturnType<typeof openWorkspace>>;
