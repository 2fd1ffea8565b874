import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { acceptConnection } from "./accept-connection";
import { createAgentRequest } from "./create-agent-request";
import { listConnections } from "./list-connections";
import { proposeConnection } from "./propose-connection";
import { REVOKED_NOTE, revokeConnection } from "./revoke-connection";

// Trusted connections: admins only; across workspaces both workspaces' admins accept before anything travels; either
// side revokes, and that withdraws what is still open over it.

let one: SeededWorld;
let two: SeededWorld;
const admin = (w: SeededWorld) => person(w.people[0]!.id, "web");
const member = (w: SeededWorld) => person(w.people[1]!.id, "web");
const principal = async (w: SeededWorld, i = 0) => (await authenticateBot(w.bots[i]!.api_key))!;
const ask = async (from: SeededWorld, to: SeededWorld, i = 0) =>
  createAgentRequest(await principal(from), {
    input: {
      to: to.bots[i]!.handle,
      type: "info",
      question: "When is the office open?",
    },
  });

beforeAll(async () => {
  one = await seedWorld();
  two = await seedWorld();
});

describe("a connection between two workspaces", () => {
  it("needs both workspaces' admins: proposed by A's, it is pending until B's admin accepts", async () => {
    const proposed = await proposeConnection(admin(one), {
      botId: one.bots[0]!.id,
      otherWorkspace: two.workspace.slug,
      otherHandle: `@${two.bots[0]!.handle}`,
      typesToOther: ["info", "availability", "info"],
      typesFromOther: ["document"],
      requiresApproval: false,
    });
    expect(proposed).toMatchObject({
      state: "pending",
      cross_workspace: true,
      requires_approval: false,
      a: {
        bot: { handle: one.bots[0]!.handle },
        workspace: { slug: one.workspace.slug },
        may_ask: ["info", "availability"],
        accepted_by: { id: one.people[0]!.id },
      },
      b: {
        bot: { handle: two.bots[0]!.handle },
        workspace: { slug: two.workspace.slug },
        may_ask: ["document"],
        accepted_at: null,
      },
      can_accept: false,
      can_revoke: true,
    });
    // Nothing travels yet, either way.
    await expect(ask(one, two)).rejects.toMatchObject({ code: "no_trusted_connection" });
    await expect(
      createAgentRequest(await principal(two), {
        input: {
          to: one.bots[0]!.handle,
          type: "document",
          question: "The contract, please",
        },
      }),
    ).rejects.toMatchObject({ code: "no_trusted_connection" });

    // A's admin cannot accept for B; B's member cannot accept; A's side cannot accept twice.
    await expect(acceptConnection(admin(one), proposed.id)).rejects.toMatchObject({ code: "conflict" });
    await expect(acceptConnection(member(two), proposed.id)).rejects.toMatchObject({ code: "forbidden" });
    const waiting = (await listConnections(admin(two))).find((c) => c.id === proposed.id)!;
    expect(waiting).toMatchObject({ state: "pending", can_accept: true, can_revoke: true });
    expect(await listConnections(member(two))).toEqual([]);

    const accepted = await acceptConnection(admin(two), proposed.id);
    expect(accepted).toMatchObject({
      state: "active",
      b: { accepted_by: { id: two.people[0]!.id } },
      can_accept: false,
    });
    await expect(acceptConnection(admin(two), proposed.id)).rejects.toMatchObject({ code: "conflict" });
    expect(await ask(one, two)).toMatchObject({ status: "awaiting_response", type: "info" });
    expect(
      await db().auditEvent.count({
        where: { subjectId: proposed.id, action: { in: ["connection.proposed", "connection.accepted"] } },
      }),
    ).toBe(3);
  });

  it("only admins propose, one connection per pair, and the other bot is found by workspace and handle", async () => {
    const input = {
      botId: one.bots[1]!.id,
      otherWorkspace: two.workspace.slug,
      otherHandle: two.bots[1]!.handle,
      typesToOther: ["info" as const],
      typesFromOther: [],
      requiresApproval: true,
    };
    await expect(proposeConnection(member(one), input)).rejects.toMatchObject({ code: "forbidden" });
    await expect(proposeConnection(admin(two), input)).rejects.toMatchObject({ code: "not_found" });
    await expect(proposeConnection(admin(one), { ...input, otherWorkspace: one.workspace.slug })).rejects.toMatchObject(
      { code: "not_found" },
    );
    await expect(proposeConnection(admin(one), { ...input, typesToOther: [] })).rejects.toMatchObject({
      code: "invalid_body",
    });
    await expect(proposeConnection(admin(one), { ...input, typesToOther: ["gossip" as never] })).rejects.toMatchObject({
      code: "invalid_body",
    });
    const first = await proposeConnection(admin(one), input);
    await expect(proposeConnection(admin(one), input)).rejects.toMatchObject({ code: "conflict" });
    // The other side proposing the same pair is a conflict too: it accepts instead.
    await expect(
      proposeConnection(admin(two), {
        ...input,
        botId: two.bots[1]!.id,
        otherWorkspace: one.workspace.slug,
        otherHandle: one.bots[1]!.handle,
      }),
    ).rejects.toMatchObject({ code: "conflict" });
    // Two proposals at once: the index lets exactly one through.
    await revokeConnection(admin(one), first.id);
    const race = await Promise.allSettled([proposeConnection(admin(one), input), proposeConnection(admin(one), input)]);
    expect(race.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of race) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "conflict" });
  });

  it("a person who administers both workspaces accepts both sides by proposing", async () => {
    await db().membership.create({ data: { workspaceId: two.workspace.id, userId: one.people[0]!.id, role: "admin" } });
    const third = await seedWorld();
    await db().membership.create({
      data: { workspaceId: third.workspace.id, userId: one.people[0]!.id, role: "admin" },
    });
    const both = await proposeConnection(admin(one), {
      botId: one.bots[0]!.id,
      otherWorkspace: third.workspace.slug,
      otherHandle: third.bots[0]!.handle,
      typesToOther: ["availability"],
      typesFromOther: [],
      requiresApproval: false,
    });
    expect(both.state).toBe("active");
  });
});

describe("a connection within one workspace", () => {
  it("is live as soon as its admin proposes it", async () => {
    const world = await seedWorld();
    const connection = await proposeConnection(admin(world), {
      botId: world.bots[0]!.id,
      otherWorkspace: world.workspace.slug,
      otherHandle: world.bots[1]!.handle,
      typesToOther: ["schedule_proposal"],
      typesFromOther: ["info"],
      requiresApproval: false,
    });
    expect(connection).toMatchObject({ state: "active", cross_workspace: false });
    await expect(
      proposeConnection(admin(world), {
        botId: world.bots[0]!.id,
        otherWorkspace: world.workspace.slug,
        otherHandle: world.bots[0]!.handle,
        typesToOther: ["info"],
        typesFromOther: [],
        requiresApproval: false,
      }),
    ).rejects.toMatchObject({ code: "invalid_body" });
  });
});

describe("revoking", () => {
  it("either side's admin revokes; open requests over it are declined; nothing travels after", async () => {
    const a = await seedWorld();
    const b = await seedWorld();
    const connection = await proposeConnection(admin(a), {
      botId: a.bots[0]!.id,
      otherWorkspace: b.workspace.slug,
      otherHandle: b.bots[0]!.handle,
      typesToOther: ["info"],
      typesFromOther: [],
      requiresApproval: false,
    });
    await expect(revokeConnection(admin(one), connection.id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(revokeConnection(member(b), connection.id)).rejects.toMatchObject({ code: "forbidden" });
    await acceptConnection(admin(b), connection.id);
    const open = await ask(a, b);
    expect(open.status).toBe("awaiting_response");

    const revoked = await revokeConnection(admin(b), connection.id);
    expect(revoked).toMatchObject({ state: "revoked", declined_requests: 1, can_revoke: false });
    expect(await db().agentRequest.findUniqueOrThrow({ where: { id: open.id } })).toMatchObject({
      status: "declined",
      decisionNote: REVOKED_NOTE,
      decidedByUserId: b.people[0]!.id,
    });
    await expect(ask(a, b)).rejects.toMatchObject({ code: "no_trusted_connection" });
    await expect(revokeConnection(admin(a), connection.id)).rejects.toMatchObject({ code: "conflict" });
    await expect(acceptConnection(admin(b), connection.id)).rejects.toMatchObject({ code: "conflict" });
    await expect(revokeConnection(admin(a), "not-a-uuid")).rejects.toMatchObject({ code: "not_found" });
  });
});
