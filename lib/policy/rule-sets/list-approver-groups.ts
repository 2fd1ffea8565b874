import { db } from "@/lib/db/client";
import type { Actor } from "@/lib/people/actor";
import { requireRulesAdmin } from "./require-rules-admin";

// The approver groups a workspace's rules may name (issue 33, approval routing): its two roles, `role:admin` and
// `role:member` (its admins; everyone in it, admins included), then its named groups by slug, each with the people in it. What the
// rules editor offers and the validation counts (./group-sizes.ts). Admins only.

export interface ApproverGroupView {
  /** What a rule names: `role:admin`, `role:member` or the group's slug. */
  slug: string;
  name: string;
  kind: "role" | "named";
  members: { userId: string; name: string; handle: string }[];
}

export interface ListApproverGroupsOptions {
  workspaceId: string;
}

/** The workspace's roles and named approver groups with their people, roles first, then named groups by slug. */
export async function listApproverGroups(
  actor: Actor,
  { workspaceId }: ListApproverGroupsOptions,
): Promise<ApproverGroupView[]> {
  const id = await requireRulesAdmin(actor, workspaceId);
  const person = { select: { id: true, name: true, handle: true } } as const;
  const [memberships, groups] = await Promise.all([
    db().membership.findMany({ where: { workspaceId: id }, include: { user: person }, orderBy: { createdAt: "asc" } }),
    db().approverGroup.findMany({
      where: { workspaceId: id },
      include: { members: { include: { membership: { include: { user: person } } } } },
      orderBy: { slug: "asc" },
    }),
  ]);
  const view = (user: { id: string; name: string; handle: string }) => ({
    userId: user.id,
    name: user.name,
    handle: user.handle,
  });
  const roles = (["admin", "member"] as const).map((role) => ({
    slug: `role:${role}`,
    name: role === "admin" ? "Admins" : "Everyone",
    kind: "role" as const,
    members: memberships.filter((m) => role === "member" || m.role === role).map((m) => view(m.user)),
  }));
  const named = groups.map((group) => ({
    slug: group.slug,
    name: group.name,
    kind: "named" as const,
    members: group.members
      .map((member) => view(member.membership.user))
      .sort((a, b) => a.handle.localeCompare(b.handle)),
  }));
  return [...roles, ...named];
}
