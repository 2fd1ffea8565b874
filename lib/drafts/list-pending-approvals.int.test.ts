import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { person } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api, idem } from "@/test/api/client";
import { approveDraft, rejectDraft } from "./approve-draft";
import { listPendingApprovals } from "./list-pending-approvals";

let world: SeededWorld;
let heldId: string;
let draftId: string;
const ana = () => person(world.people[0]!.id, "web");
const ben = () => person(world.people[1]!.id, "web");

async function newMember(role: "admin" | "member") {
  const tag = randomBytes(4).toString("hex");
  const user = await createPerson({ email: `m${tag}@example.com`, name: "New", handle: `m${tag}`, workspaceId: world.workspace.id, role });
  return person(user.id, "web");
}

beforeAll(async () => {
  world = await seedWorld();
  const [helper, scheduler] = world.bots as [SeededWorld["bots"][number], SeededWorld["bots"][number]];
  // The new scheduler bot's send is held (new_bot); the helper proposes a draft with a follow-up.
  const held = await api("POST", `/conversations/${world.conversations[2]!.id}/messages`, { key: scheduler.api_key, body: { body: "Tuesday at 10?" }, idempotencyKey: idem() });
  expect(held.status).toBe(202);
  heldId = held.body.data.approval_id;
  const draft = await api("POST", `/conversations/${world.conversations[1]!.id}/drafts`, {
    key: helper.api_key,
    body: { body: "Renew for a year?", rationale: "Dev asked", follow_up: { body: "Any thoughts?", delay_minutes: 30 } },
  });
  draftId = draft.body.data.id;
  for (const body of ["decided one", "decided two"]) {
    const decided = await api("POST", `/conversations/${world.conversations[1]!.id}/drafts`, {
      key: helper.api_key,
      body: { body },
    });
    await (body === "decided one"
      ? approveDraft(ana(), { draftId: decided.body.data.id })
      : rejectDraft(ana(), { draftId: decided.body.data.id }));
  }
});

describe("listPendingApprovals", () => {
  it("lists pending drafts and held messages, oldest first, with bot, origin, reasons, body, rationale and follow-up", async () => {
    const items = await listPendingApprovals(ben(), { workspaceId: world.workspace.id });
    expect(items.map((i) => i.id)).toEqual([heldId, draftId]);
    expect(items[0]).toMatchObject({
      origin: "held_message",
      status: "pending",
      reasons: ["new_bot"],
      body: "Tuesday at 10?",
      conversation_id: world.conversations[2]!.id,
      bot: { id: world.bots[1]!.id, handle: world.bots[1]!.handle, name: world.bots[1]!.name },
      follow_up: null,
      created_at: expect.any(String),
    });
    expect(items[1]).toMatchObject({
      origin: "draft",
      reasons: [],
      body: "Renew for a year?",
      rationale: "Dev asked",
      follow_up: { body: "Any thoughts?", delay_minutes: 30, status: "pending" },
      bot: { handle: world.bots[0]!.handle },
    });
  });

  it("lists only the oldest `limit` (at most APPROVALS_LIMIT)", async () => {
    expect((await listPendingApprovals(ben(), { workspaceId: world.workspace.id, limit: 1 })).map((i) => i.id)).toEqual(
      [heldId],
    );
    expect(
      (await listPendingApprovals(ben(), { workspaceId: world.workspace.id, limit: 10_000 })).map((i) => i.id),
    ).toEqual([heldId, draftId]);
  });

  it("shows a member only the conversations they take part in, an admin all of the workspace", async () => {
    expect(await listPendingApprovals(await newMember("member"), { workspaceId: world.workspace.id })).toEqual([]);
    expect(
      (await listPendingApprovals(await newMember("admin"), { workspaceId: world.workspace.id })).map((i) => i.id),
    ).toEqual([heldId, draftId]);
  });

  it("refuses people of other workspaces; not_found for unknown workspaces; an approved item leaves the list", async () => {
    const outsider = await seedWorld();
    await expect(
      listPendingApprovals(person(outsider.people[0]!.id, "web"), { workspaceId: world.workspace.id }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      listPendingApprovals(ana(), { workspaceId: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await approveDraft(ana(), { draftId: heldId });
    expect((await listPendingApprovals(ana(), { workspaceId: world.workspace.id })).map((i) => i.id)).toEqual([
      draftId,
    ]);
  });
});
