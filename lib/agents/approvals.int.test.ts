import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { createBot } from "@/lib/bots/create-bot";
import { createPerson } from "@/lib/people/create-person";
import { person, systemActor } from "@/lib/people/actor";
import { setWorkspaceStatus } from "@/lib/workspaces/set-workspace-status";
import { setBotStatus } from "@/lib/bots/set-bot-status";
import { connectedPair, subscribe, type Pair } from "@/test/agents";
import { approveAgentRequest, declineAgentRequest } from "./approve-agent-request";
import { createAgentRequest } from "./create-agent-request";
import { listPendingAgentRequests } from "./list-pending-agent-requests";
import { proposeConnection } from "./propose-connection";
import { acceptConnection } from "./accept-connection";
import { countPendingAgentRequests } from "./list-pending-agent-requests";
import { revokeConnection } from "./revoke-connection";
import { expireAgentRequests } from "./expire-agent-requests";
import { watchWorkspace } from "@/lib/chat/workspace-stream";
import type { WorkspaceEvent } from "@/lib/chat/live";
import { closeListener } from "@/lib/db/listener";

// People of the asking side approve or decline held requests (the chat's approvals inbox calls these): an admin of the
// asking bot's workspace or the bot's developer; the addressed bot hears of a request only once it is approved.

let pair: Pair;
const HOOK = "https://b.example.com/hook";
const ask = async (p: Pair, question = "Which slots are free next week?") =>
  createAgentRequest((await authenticateBot(p.a.api_key))!, {
    input: { to: p.b.handle, type: "availability", question },
  });
const createdEventsFor = (botId: string) =>
  db().webhookDelivery.count({ where: { botId, eventType: "agent_request.created" } });

beforeAll(async () => {
  pair = await connectedPair({ requiresApproval: true, webhookB: HOOK });
});

describe("listPendingAgentRequests", () => {
  it("gives the inbox card what it needs, oldest first; members see only their own bots' requests", async () => {
    const first = await ask(pair, "first?");
    const second = await ask(pair, "second?");
    const pending = await listPendingAgentRequests(pair.adminA, { workspaceId: pair.worldA.workspace.id });
    expect(pending.map((p) => p.id)).toEqual([first.id, second.id]);
    expect(pending[0]).toEqual({
      id: first.id,
      type: "availability",
      question: "first?",
      reasons: ["approval_required"],
      from: { bot_id: pair.a.id, handle: pair.a.handle, name: "Helper" },
      to: {
        bot_id: pair.b.id,
        handle: pair.b.handle,
        name: "Helper",
        workspace: { slug: pair.worldB.workspace.slug, name: expect.any(String) },
      },
      created_at: first.created_at,
      expires_at: first.expires_at,
    });
    // The seed's member registered no bot; the other workspace's admin sees nothing of A's requests.
    expect(
      await listPendingAgentRequests(person(pair.worldA.people[1]!.id, "web"), {
        workspaceId: pair.worldA.workspace.id,
      }),
    ).toEqual([]);
    expect(await listPendingAgentRequests(pair.adminB, { workspaceId: pair.worldB.workspace.id })).toEqual([]);
    await expect(
      listPendingAgentRequests(pair.adminB, { workspaceId: pair.worldA.workspace.id }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("approveAgentRequest", () => {
  it("lets it through: awaiting_response, agent_request.created to the addressed bot, a fresh expiry, an audit event", async () => {
    const request = await ask(pair);
    const before = await createdEventsFor(pair.b.id);
    const later = new Date(Date.now() + 60 * 60_000);
    const approved = await approveAgentRequest(pair.adminA, { requestId: request.id, now: later });
    expect(approved).toMatchObject({ id: request.id, status: "awaiting_response" });
    expect(Date.parse(approved.expires_at)).toBe(later.getTime() + 72 * 3_600_000);
    expect(await createdEventsFor(pair.b.id)).toBe(before + 1);
    expect(await db().agentRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
      decidedByUserId: pair.worldA.people[0]!.id,
      decidedVia: "web",
      deliveredAt: later,
    });
    expect(await db().auditEvent.count({ where: { subjectId: request.id, action: "agent_request.approved" } })).toBe(1);
    await expect(approveAgentRequest(pair.adminA, { requestId: request.id })).rejects.toMatchObject({
      code: "conflict",
    });
    await expect(declineAgentRequest(pair.adminA, { requestId: request.id })).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("two people at once decide once", async () => {
    const request = await ask(pair);
    const other = await createPerson({
      name: "Dee",
      handle: `dee.${Date.now()}`,
      email: `dee.${Date.now()}@example.com`,
      workspaceId: pair.worldA.workspace.id,
      role: "admin",
    });
    const results = await Promise.allSettled([
      approveAgentRequest(pair.adminA, { requestId: request.id }),
      approveAgentRequest(person(other.id, "cli"), { requestId: request.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("who may decide: the asking workspace's admins and the asking bot's developer; not its other members, not the other side", async () => {
    const request = await ask(pair);
    const member = person(pair.worldA.people[1]!.id, "web");
    await expect(approveAgentRequest(member, { requestId: request.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(approveAgentRequest(pair.adminB, { requestId: request.id })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(
      approveAgentRequest(pair.adminA, { requestId: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toMatchObject({
      code: "not_found",
    });

    // A member who registered a bot decides that bot's requests.
    const { bot, apiKey } = await createBot(member, {
      workspaceId: pair.worldA.workspace.id,
      handle: `dev-bot-${Date.now()}`,
      name: "Dev bot",
      established: true,
    });
    await subscribe(bot.id);
    const connection = await proposeConnection(pair.adminA, {
      botId: bot.id,
      otherWorkspace: pair.worldB.workspace.slug,
      otherHandle: pair.b.handle,
      typesToOther: ["info"],
      typesFromOther: [],
      requiresApproval: true,
    });
    await acceptConnection(pair.adminB, connection.id);
    const own = await createAgentRequest((await authenticateBot(apiKey))!, {
      input: {
        to: pair.b.handle,
        type: "info",
        question: "Hi?",
      },
    });
    expect(
      (await listPendingAgentRequests(member, { workspaceId: pair.worldA.workspace.id })).map((p) => p.id),
    ).toEqual([own.id]);
    expect((await approveAgentRequest(member, { requestId: own.id })).status).toBe("awaiting_response");
  });

  it("refuses while a workspace of the request is suspended, or the asking bot was stopped since it asked", async () => {
    const p = await connectedPair({ requiresApproval: true });
    const request = await ask(p);
    await setWorkspaceStatus(systemActor, { workspaceId: p.worldB.workspace.id, status: "suspended" });
    await expect(approveAgentRequest(p.adminA, { requestId: request.id })).rejects.toMatchObject({
      code: "workspace_suspended",
    });
    await setWorkspaceStatus(systemActor, { workspaceId: p.worldB.workspace.id, status: "active" });
    await setBotStatus(systemActor, { botId: p.a.id, status: "stopped" });
    await expect(approveAgentRequest(p.adminA, { requestId: request.id })).rejects.toMatchObject({
      code: "policy_blocked",
      extras: { reasons: ["bot_stopped"] },
    });
    await setBotStatus(systemActor, { botId: p.a.id, status: "active" });
    expect((await approveAgentRequest(p.adminA, { requestId: request.id })).status).toBe("awaiting_response");
  });
});

describe("declineAgentRequest", () => {
  it("declines with a note; the addressed bot never hears of it", async () => {
    const request = await ask(pair);
    const before = await createdEventsFor(pair.b.id);
    const declined = await declineAgentRequest(pair.adminA, { requestId: request.id, note: "Not for them" });
    expect(declined).toMatchObject({ status: "declined", response: null });
    expect(await db().agentRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
      decisionNote: "Not for them",
      decidedByUserId: pair.worldA.people[0]!.id,
    });
    expect(await createdEventsFor(pair.b.id)).toBe(before);
    expect(
      (await listPendingAgentRequests(pair.adminA, { workspaceId: pair.worldA.workspace.id })).map((p) => p.id),
    ).not.toContain(request.id);
  });
});

describe("the inbox, live", () => {
  afterAll(() => closeListener());

  it("tells the people who may decide when a request enters or leaves it, whatever the door, and counts what it lists", async () => {
    const p = await connectedPair({ requiresApproval: true });
    const member = person(p.worldA.people[1]!.id, "web");
    const heard = { admin: [] as WorkspaceEvent[], member: [] as WorkspaceEvent[], otherSide: [] as WorkspaceEvent[] };
    const stops = await Promise.all([
      watchWorkspace(p.adminA, { workspaceId: p.worldA.workspace.id, watcher: (e) => heard.admin.push(e) }),
      watchWorkspace(member, { workspaceId: p.worldA.workspace.id, watcher: (e) => heard.member.push(e) }),
      watchWorkspace(p.adminB, { workspaceId: p.worldB.workspace.id, watcher: (e) => heard.otherSide.push(e) }),
    ]);
    const count = () => countPendingAgentRequests(p.adminA, { workspaceId: p.worldA.workspace.id });

    const first = await ask(p, "first?");
    const second = await ask(p, "second?");
    const third = await ask(p, "third?");
    const fourth = await ask(p, "fourth?");
    await vi.waitFor(() => expect(heard.admin).toHaveLength(4));
    expect(await count()).toBe(4);
    expect(await countPendingAgentRequests(member, { workspaceId: p.worldA.workspace.id })).toBe(0);

    // Leaving: approved, declined, expired by the sweep, declined by a revoked connection.
    await approveAgentRequest(p.adminA, { requestId: first.id });
    await declineAgentRequest(p.adminA, { requestId: second.id });
    await db().agentRequest.update({ where: { id: third.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await count()).toBe(1); // past its expiry it is no longer listed, even before the sweep
    await expireAgentRequests();
    await revokeConnection(p.adminA, p.connectionId);
    await vi.waitFor(() => expect(heard.admin).toHaveLength(8));
    expect(heard.admin.every((e) => e.kind === "agent_request" && !("conversation_id" in e))).toBe(true);
    expect(await count()).toBe(0);
    expect((await db().agentRequest.findUniqueOrThrow({ where: { id: fourth.id } })).status).toBe("declined");

    // A member hears of the requests of the bots they registered only; the addressed side hears nothing.
    const { bot, apiKey } = await createBot(member, {
      workspaceId: p.worldA.workspace.id,
      handle: `live-dev-${Date.now()}`,
      name: "Live dev bot",
      established: true,
    });
    const connection = await proposeConnection(p.adminA, {
      botId: bot.id,
      otherWorkspace: p.worldB.workspace.slug,
      otherHandle: p.b.handle,
      typesToOther: ["info"],
      typesFromOther: [],
      requiresApproval: true,
    });
    await acceptConnection(p.adminB, connection.id);
    await createAgentRequest((await authenticateBot(apiKey))!, {
      input: { to: p.b.handle, type: "info", question: "Hi?" },
    });
    await vi.waitFor(() => expect(heard.member).toEqual([{ kind: "agent_request" }]));
    await vi.waitFor(() => expect(heard.admin).toHaveLength(9));
    expect(await countPendingAgentRequests(member, { workspaceId: p.worldA.workspace.id })).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(heard.otherSide).toEqual([]);
    for (const stop of stops) stop();
  });
});
