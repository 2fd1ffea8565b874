import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api, idem } from "@/test/api/client";
import { cli, cliJson as json } from "@/test/cli";

// `connection ...` and `agent-request ...` on this file's database (in this process: test/cli.ts): the admins of two
// workspaces connect two bots, a held request is approved and another declined, then the connection is revoked.

let one: SeededWorld;
let two: SeededWorld;

beforeAll(async () => {
  one = await seedWorld();
  two = await seedWorld();
});

describe("npm run cli -- connection / agent-request", () => {
  it("propose, accept, list, approve and decline held requests, revoke", async () => {
    const [adminA, adminB] = [one.people[0]!.email, two.people[0]!.email];
    const [botA, botB] = [one.bots[0]!, two.bots[0]!];

    const usage = await cli(
      "connection",
      "propose",
      "--bot",
      botA.handle,
      "--to",
      botB.handle,
      "--to-workspace",
      two.workspace.slug,
      "--outgoing",
      "info",
    );
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--as EMAIL is required");
    expect(
      (
        await cli(
          "connection",
          "propose",
          "--bot",
          botA.handle,
          "--to",
          botB.handle,
          "--to-workspace",
          two.workspace.slug,
          "--outgoing",
          "gossip",
          "--as",
          adminA,
        )
      ).code,
    ).toBe(2);

    const proposed = await json(
      "connection",
      "propose",
      "--bot",
      botA.handle,
      "--to",
      botB.handle,
      "--to-workspace",
      two.workspace.slug,
      "--outgoing",
      "info,document",
      "--incoming",
      "availability",
      "--requires-approval",
      "--as",
      adminA,
    );
    expect(proposed).toMatchObject({
      state: "pending",
      requires_approval: true,
      a: { may_ask: ["info", "document"] },
      b: { may_ask: ["availability"] },
    });

    const notTheirs = await cli("connection", "accept", proposed.id, "--as", one.people[1]!.email);
    expect(JSON.parse(notTheirs.stderr).error.code).toBe("forbidden");
    expect(await json("connection", "accept", proposed.id, "--as", adminB)).toMatchObject({
      id: proposed.id,
      state: "active",
    });
    expect((await json("connection", "list", "--as", adminB)).data.map((c: { id: string }) => c.id)).toEqual([
      proposed.id,
    ]);

    const ask = (question: string) =>
      api("POST", "/agent-requests", {
        key: botA.api_key,
        idempotencyKey: idem(),
        body: { to: botB.handle, type: "info", question },
      });
    const first = (await ask("Opening hours?")).body.data;
    const second = (await ask("Holiday hours?")).body.data;
    expect([first.status, second.status]).toEqual(["pending_approval", "pending_approval"]);
    expect(
      (await json("agent-request", "pending", "--workspace", one.workspace.slug, "--as", adminA)).data.map(
        (r: { id: string }) => r.id,
      ),
    ).toEqual([first.id, second.id]);

    expect(await json("agent-request", "approve", first.id, "--as", adminA)).toMatchObject({
      id: first.id,
      status: "awaiting_response",
    });
    expect(await json("agent-request", "decline", second.id, "--note", "not now", "--as", adminA)).toMatchObject({
      id: second.id,
      status: "declined",
    });
    expect(await db().agentRequest.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      decidedVia: "cli",
      decidedByUserId: one.people[0]!.id,
    });
    const again = await cli("agent-request", "approve", first.id, "--as", adminA);
    expect(JSON.parse(again.stderr).error.code).toBe("conflict");

    const revoked = await json("connection", "revoke", proposed.id, "--as", adminB);
    expect(revoked).toMatchObject({ state: "revoked", declined_requests: 1 });
    expect((await ask("After?")).body.error.code).toBe("no_trusted_connection");
  });
});
