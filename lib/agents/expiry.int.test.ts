import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { startWorker } from "@/jobs/worker";
import { connectedPair, type Pair } from "@/test/agents";
import { requestTtlMs } from "./agent-request-record";
import { approveAgentRequest, declineAgentRequest } from "./approve-agent-request";
import { createAgentRequest } from "./create-agent-request";
import { EXPIRE_TASK, expireAgentRequests } from "./expire-agent-requests";
import { listAgentRequests } from "./list-agent-requests";
import { listPendingAgentRequests } from "./list-pending-agent-requests";
import { respondToAgentRequest } from "./respond-to-agent-request";

// Requests unanswered after AGENT_REQUEST_TTL_HOURS (72 by default) expire: reads and answers see it at once, with the
// clock the test passes; the sweep writes it down; an expired request cannot be answered or approved.

let open: Pair;
let held: Pair;
let asker: BotPrincipal;
let answerer: BotPrincipal;
const HOUR = 3_600_000;

beforeAll(async () => {
  open = await connectedPair({ aToB: ["info"] });
  held = await connectedPair({ aToB: ["info"], requiresApproval: true });
  asker = (await authenticateBot(open.a.api_key))!;
  answerer = (await authenticateBot(open.b.api_key))!;
});

describe("expiry", () => {
  it("an unanswered request expires after the configured time: read as expired at once, written down by the sweep", async () => {
    const t0 = new Date();
    const request = await createAgentRequest(asker, {
      input: { to: open.b.handle, type: "info", question: "Still there?" },
      now: t0,
    });
    expect(Date.parse(request.expires_at) - t0.getTime()).toBe(requestTtlMs());
    const justBefore = new Date(t0.getTime() + requestTtlMs() - 1000);
    const after = new Date(t0.getTime() + requestTtlMs());

    expect((await listAgentRequests(answerer, { input: { limit: 50 }, now: justBefore })).data[0]).toMatchObject({
      id: request.id,
      status: "awaiting_response",
    });
    expect((await listAgentRequests(answerer, { input: { limit: 50 }, now: after })).data[0]).toMatchObject({
      id: request.id,
      status: "expired",
    });
    expect(
      (await listAgentRequests(answerer, { input: { limit: 50, status: "awaiting_response" }, now: after })).data,
    ).toEqual([]);

    expect((await expireAgentRequests(justBefore)).expired).not.toContain(request.id);
    expect((await expireAgentRequests(after)).expired).toContain(request.id);
    expect((await db().agentRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("expired");
    expect((await expireAgentRequests(after)).expired).not.toContain(request.id); // once
  });

  it("an expired request cannot be answered, even before the sweep; one answered in time stays answered", async () => {
    const t0 = new Date();
    const late = await createAgentRequest(asker, {
      input: { to: open.b.handle, type: "info", question: "Late?" },
      now: t0,
    });
    const onTime = await createAgentRequest(asker, {
      input: { to: open.b.handle, type: "info", question: "On time?" },
      now: t0,
    });
    const due = new Date(t0.getTime() + requestTtlMs());
    await expect(
      respondToAgentRequest(answerer, { requestId: late.id, input: { body: "Sorry" }, now: due }),
    ).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("expired"),
    });
    expect(
      (
        await respondToAgentRequest(answerer, {
          requestId: onTime.id,
          input: { body: "Yes" },
          now: new Date(due.getTime() - 1),
        })
      ).status,
    ).toBe("answered");
    await expireAgentRequests(new Date(due.getTime() + HOUR));
    expect((await db().agentRequest.findUniqueOrThrow({ where: { id: onTime.id } })).status).toBe("answered");
    await expect(
      respondToAgentRequest(answerer, { requestId: late.id, input: { body: "Sorry" } }),
    ).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("a held request expires too; approving it then is refused (and it leaves the inbox); approving in time restarts the clock", async () => {
    const heldAsker = (await authenticateBot(held.a.api_key))!;
    const t0 = new Date();
    const stale = await createAgentRequest(heldAsker, {
      input: { to: held.b.handle, type: "info", question: "Stale?" },
      now: t0,
    });
    const fresh = await createAgentRequest(heldAsker, {
      input: { to: held.b.handle, type: "info", question: "Fresh?" },
      now: t0,
    });
    const due = new Date(t0.getTime() + requestTtlMs());
    expect(
      (await listPendingAgentRequests(held.adminA, { workspaceId: held.worldA.workspace.id, now: due })).map(
        (r) => r.id,
      ),
    ).toEqual([]);
    await expect(approveAgentRequest(held.adminA, { requestId: stale.id, now: due })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("expired"),
    });
    expect((await db().agentRequest.findUniqueOrThrow({ where: { id: stale.id } })).status).toBe("expired");
    await expect(declineAgentRequest(held.adminA, { requestId: stale.id })).rejects.toMatchObject({ code: "conflict" });

    const approvedAt = new Date(due.getTime() - HOUR);
    const approved = await approveAgentRequest(held.adminA, { requestId: fresh.id, now: approvedAt });
    expect(Date.parse(approved.expires_at)).toBe(approvedAt.getTime() + requestTtlMs());
    const answeredBy = (await authenticateBot(held.b.api_key))!;
    expect(
      (
        await respondToAgentRequest(answeredBy, {
          requestId: fresh.id,
          input: { body: "Here" },
          now: new Date(due.getTime() + HOUR),
        })
      ).status,
    ).toBe("answered");
  });

  it("the job worker runs the sweep (its crontab every minute; here the task itself, queued now)", async () => {
    const request = await createAgentRequest(asker, {
      input: { to: open.b.handle, type: "info", question: "Worker?" },
    });
    await db().agentRequest.update({ where: { id: request.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const worker = await startWorker({ databaseUrl: process.env.DATABASE_URL!, concurrency: 2 });
    try {
      await sql().unchecked("SELECT graphile_worker.add_job($1, '{}'::json)", [EXPIRE_TASK]);
      const deadline = Date.now() + 15_000;
      while ((await db().agentRequest.findUniqueOrThrow({ where: { id: request.id } })).status !== "expired") {
        if (Date.now() > deadline) throw new Error("the sweep did not run");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await worker.stop();
    }
  });
});
