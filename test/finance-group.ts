import { randomBytes } from "node:crypto";
import { person } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import { saveApproverGroup } from "@/lib/policy/rule-sets/save-approver-group";
import type { SeededWorld } from "@/lib/seed/seed-world";

/**
 * The issue 33 examples' Finance: a new member, Fin, and the approver group `finance` of Fin and the world's second
 * person (Ben), saved by its admin (Ana). Returns Fin.
 */
export async function addFinanceGroup(world: SeededWorld): Promise<{ id: string; name: string }> {
  const handle = `fin-${randomBytes(3).toString("hex")}`;
  const fin = await createPerson({
    email: `${handle}@demo.relay.test`,
    name: "Fin Ance",
    handle,
    workspaceId: world.workspace.id,
  });
  await saveApproverGroup(person(world.people[0]!.id, "web"), {
    workspaceId: world.workspace.id,
    slug: "finance",
    name: "Finance",
    memberIds: [world.people[1]!.id, fin.id],
  });
  return fin;
}
