import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { fanOut } from "@/lib/notifications/fan-out";
import { person } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import { listMembers } from "@/lib/people/list-members";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { removePerson } from "./erase-person";
import { runErasure } from "./run-erasure";
import {
  askForErasure,
  confirmErasureRequest,
  declineErasureRequest,
  listErasureRequests,
  ownErasureRequest,
  withdrawErasureRequest,
} from "./erasure-requests";

// Issue 38, item 2: a person asks to be erased, the workspace's admins are told, and one confirms (the person is
// removed and what they wrote erased, the request closed in the same transaction) or declines with a reason the
// person reads. Nobody else can answer, and a person with a waiting request is not removed without erasure.

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");
const ben = () => person(world.people[1]!.id, "web");

async function newMember() {
  const tag = randomBytes(4).toString("hex");
  const created = await createPerson({
    email: `cleo${tag}@example.org`,
    name: `Cleo ${tag}`,
    handle: `cleo${tag}`,
    password: "correct horse battery",
    workspaceId: world.workspace.id,
  });
  return { id: created.id, email: created.email, actor: person(created.id, "web") };
}

beforeAll(async () => {
  world = await seedWorld();
}, 60_000);

describe("a person's request to be erased", () => {
  it("is asked once, tells the admins, and is confirmed by an admin: the person is removed and erased", async () => {
    const cleo = await newMember();
    const asked = await askForErasure(cleo.actor, world.workspace.id);
    expect(asked).toMatchObject({ status: "pending", decline_reason: null });
    // Asking again while it waits returns the same request.
    expect((await askForErasure(cleo.actor, world.workspace.id)).id).toBe(asked.id);
    expect(await ownErasureRequest(cleo.actor, world.workspace.id)).toMatchObject({ id: asked.id, status: "pending" });

    // The admins are told, never the person; a member who is not an admin is not told either.
    await fanOut({ event: "erasure_request", id: asked.id });
    const told = await db().notification.findMany({ where: { subjectId: asked.id } });
    expect(told.map((n) => n.userId)).toEqual([ana().userId]);
    expect(told[0]).toMatchObject({ kind: "erasure_request", path: `/chat/${world.workspace.slug}/admin/people#request-${asked.id}` });

    // Only an admin sees and answers it; the member list marks the person.
    await expect(listErasureRequests(ben(), world.workspace.id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      confirmErasureRequest(ben(), { workspaceId: world.workspace.id, requestId: asked.id, confirm: cleo.email }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      confirmErasureRequest(cleo.actor, { workspaceId: world.workspace.id, requestId: asked.id, confirm: cleo.email }),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect((await listMembers(ana(), world.workspace.id)).find((m) => m.id === cleo.id)).toMatchObject({
      erasure_request_id: asked.id,
    });
    const listed = await listErasureRequests(ana(), world.workspace.id);
    expect(listed[0]).toMatchObject({ id: asked.id, status: "pending", person: { id: cleo.id, email: cleo.email } });

    // Removal without erasure is refused while the request waits; a wrong e-mail changes nothing.
    await expect(
      removePerson(ana(), { workspaceId: world.workspace.id, userId: cleo.id, confirm: cleo.email, erase: false }),
    ).rejects.toMatchObject({ code: "conflict" });
    await expect(
      confirmErasureRequest(ana(), { workspaceId: world.workspace.id, requestId: asked.id, confirm: "nobody@x.org" }),
    ).rejects.toMatchObject({ code: "invalid_body" });
    expect(await db().membership.count({ where: { userId: cleo.id } })).toBe(1);

    const removed = await confirmErasureRequest(ana(), {
      workspaceId: world.workspace.id,
      requestId: asked.id,
      confirm: cleo.email,
    });
    expect(removed).toMatchObject({ erasure_id: expect.any(String), account_erased: true });
    const closed = await db().erasureRequest.findUniqueOrThrow({ where: { id: asked.id } });
    expect(closed).toMatchObject({ status: "confirmed", decidedByUserId: ana().userId, erasureId: removed.erasure_id });
    expect(await db().membership.count({ where: { userId: cleo.id } })).toBe(0);
    expect(await db().erasure.findUniqueOrThrow({ where: { id: removed.erasure_id! } })).toMatchObject({
      subjectType: "person",
      subjectId: cleo.id,
    });
    // Answered, it is no longer waiting: a second confirmation finds nothing, and no admin is told of it again.
    await expect(
      confirmErasureRequest(ana(), { workspaceId: world.workspace.id, requestId: asked.id, confirm: cleo.email }),
    ).rejects.toMatchObject({ code: "not_found" });
    const audit = await db().auditLogEntry.findMany({
      where: { workspaceId: world.workspace.id, subjectId: cleo.id },
      orderBy: { id: "asc" },
    });
    expect(audit.map((a) => a.kind)).toEqual(["membership.created", "person.erasure_asked", "person.erasure_requested"]);
    // The erasure job takes the admins' notification of the request with it: it named the person.
    await runErasure(removed.erasure_id!);
    expect(await db().notification.count({ where: { subjectId: asked.id } })).toBe(0);
  });

  it("is not asked by a workspace's only admin, and a person's own request is answered by another admin", async () => {
    await expect(askForErasure(ana(), world.workspace.id)).rejects.toMatchObject({ code: "conflict" });
    const dora = await newMember();
    await db().membership.update({
      where: { workspaceId_userId: { workspaceId: world.workspace.id, userId: dora.id } },
      data: { role: "admin" },
    });
    const asked = await askForErasure(dora.actor, world.workspace.id);
    await expect(
      declineErasureRequest(dora.actor, { workspaceId: world.workspace.id, requestId: asked.id, reason: "No" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      confirmErasureRequest(dora.actor, { workspaceId: world.workspace.id, requestId: asked.id, confirm: dora.email }),
    ).rejects.toMatchObject({ code: "forbidden" });
    // A removal that says which request it answers finds none but the one that waits.
    await expect(
      removePerson(ana(), { workspaceId: world.workspace.id, userId: dora.id, confirm: dora.email, erase: true, requestId: world.workspace.id }),
    ).rejects.toMatchObject({ code: "not_found" });
    const removed = await confirmErasureRequest(ana(), { workspaceId: world.workspace.id, requestId: asked.id, confirm: dora.email });
    expect(removed.erasure_id).toEqual(expect.any(String));
  });

  it("is declined with a reason the person reads, may be asked again, and withdrawn", async () => {
    const cleo = await newMember();
    const asked = await askForErasure(cleo.actor, world.workspace.id);
    for (const reason of ["", "   ", "x".repeat(1001)])
      await expect(
        declineErasureRequest(ana(), { workspaceId: world.workspace.id, requestId: asked.id, reason }),
      ).rejects.toMatchObject({ code: "invalid_body", extras: { field: "reason" } });
    await declineErasureRequest(ana(), {
      workspaceId: world.workspace.id,
      requestId: asked.id,
      reason: "Invoices must be kept for 10 years",
    });
    expect(await ownErasureRequest(cleo.actor, world.workspace.id)).toMatchObject({
      status: "declined",
      decline_reason: "Invoices must be kept for 10 years",
    });
    await expect(
      declineErasureRequest(ana(), { workspaceId: world.workspace.id, requestId: asked.id, reason: "again" }),
    ).rejects.toMatchObject({ code: "not_found" });
    // The fan-out of a request answered before it ran tells nobody.
    await fanOut({ event: "erasure_request", id: asked.id });
    expect(await db().notification.count({ where: { subjectId: asked.id } })).toBe(0);

    const again = await askForErasure(cleo.actor, world.workspace.id);
    expect(again.id).not.toBe(asked.id);
    await withdrawErasureRequest(cleo.actor, world.workspace.id);
    expect(await ownErasureRequest(cleo.actor, world.workspace.id)).toMatchObject({ id: again.id, status: "withdrawn" });
    await expect(withdrawErasureRequest(cleo.actor, world.workspace.id)).rejects.toMatchObject({ code: "conflict" });
    // Withdrawn, the person is removed like anyone else.
    await removePerson(ana(), { workspaceId: world.workspace.id, userId: cleo.id, confirm: cleo.email, erase: false });
    expect(await db().membership.count({ where: { userId: cleo.id } })).toBe(0);
  });

  it("answers a stranger as if the workspace did not exist", async () => {
    const other = await seedWorld();
    const stranger = person(other.people[1]!.id, "web");
    await expect(askForErasure(stranger, world.workspace.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(ownErasureRequest(stranger, world.workspace.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(listErasureRequests(person(other.people[0]!.id, "web"), world.workspace.id)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(askForErasure(stranger, "not-a-uuid")).rejects.toMatchObject({ code: "not_found" });
  }, 60_000);
});
