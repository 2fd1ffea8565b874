import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { approveAgentRequest } from "@/lib/agents/approve-agent-request";
import { listPendingAgentRequests } from "@/lib/agents/list-pending-agent-requests";
import { startWorker, type WorkerHandle } from "@/jobs/worker";
import { directDatabaseUrl } from "@/lib/db/url";
import * as attachments from "@/app/api/public/v1/attachments/route";
import * as signed from "@/app/api/attachments/signed/[token]/route";
import { verifyWebhook } from "@/sdk/verify-webhook";
import { startReceiver, type Receiver, type Received } from "@/test/receiver";
import { connectedPair, type Pair } from "@/test/agents";
import { api, idem } from "./client";

// The whole exchange between two bots of two workspaces, as their servers would live it: real webhooks (the job
// worker delivering to two local receivers, signatures checked with the SDK), a person of the asking side approving,
// the addressed bot uploading a file and answering, and the asking bot fetching the file through the signed link.

const dir = mkdtempSync(path.join(os.tmpdir(), "relay-exchange-"));
process.env.ATTACHMENTS_DIR = dir;

interface AgentEvent {
  id: string;
  type: string;
  data: {
    agent_request: {
      id: string;
      question: string;
      from: { handle: string };
      response: { body: string; attachment: { url: string; sha256: string; name: string } | null } | null;
    };
  };
}

let receiverA: Receiver;
let receiverB: Receiver;
let worker: WorkerHandle;
let pair: Pair;
const contract = new TextEncoder().encode("%PDF-1.7 the signed contract, page 1 of 1");

/** Bot B's server: on agent_request.created, upload the document and answer (idempotent per event). */
function botB(received: Received, res: import("node:http").ServerResponse, log: string[]) {
  res.end("ok"); // 2xx at once; the work follows
  void (async () => {
    const event = verifyWebhook(received.body, received.headers, pair.b.signing_secret) as unknown as AgentEvent;
    log.push(`B got ${event.type}`);
    if (event.type !== "agent_request.created") return;
    const form = new FormData();
    form.set("file", new File([contract as Uint8Array<ArrayBuffer>], "contract.pdf", { type: "application/pdf" }));
    const upload = await attachments.POST(
      new Request("http://relay.test/api/public/v1/attachments", {
        method: "POST",
        headers: { authorization: `Bearer ${pair.b.api_key}` },
        body: form,
      }),
    );
    const { data: file } = (await upload.json()) as { data: { id: string } };
    const answer = await api("POST", `/agent-requests/${event.data.agent_request.id}/respond`, {
      key: pair.b.api_key,
      idempotencyKey: `answer-${event.id}`,
      body: { body: `Here is the contract, @${event.data.agent_request.from.handle}.`, attachment_id: file.id },
    });
    log.push(`B answered ${answer.status}`);
  })().catch((error: Error) => log.push(`B failed: ${error.message}`));
}

beforeAll(async () => {
  receiverA = await startReceiver();
  receiverB = await startReceiver();
  pair = await connectedPair({
    aToB: ["document"],
    requiresApproval: true,
    webhookA: receiverA.url,
    webhookB: receiverB.url,
  });
  await db().webhookDelivery.deleteMany({}); // the seeds' conversation.bot_added events: not this test's concern
  // The job runner's own pool is direct, as in a deployment behind a pooler (docs/decisions/043).
  worker = await startWorker({ databaseUrl: directDatabaseUrl()!, concurrency: 4 });
});

afterAll(async () => {
  await worker?.stop();
  await receiverA?.close();
  await receiverB?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("two bots exchange a request and a document", () => {
  it("A asks, a person approves, B answers with a file, A downloads it through the signed link", async () => {
    const log: string[] = [];
    receiverB.respond = (received, res) => botB(received, res, log);

    const asked = await api("POST", "/agent-requests", {
      key: pair.a.api_key,
      idempotencyKey: idem(),
      body: { to: pair.b.handle, type: "document", question: "Could you send the signed contract for order #1042?" },
    });
    expect(asked.status).toBe(201);
    expect(asked.body.data.status).toBe("pending_approval");

    // Nothing reaches B before a person of A's workspace approves it in the inbox.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiverB.received).toEqual([]);
    const inbox = await listPendingAgentRequests(pair.adminA, { workspaceId: pair.worldA.workspace.id });
    expect(inbox.map((card) => card.id)).toEqual([asked.body.data.id]);
    await approveAgentRequest(pair.adminA, { requestId: asked.body.data.id });

    // B's server hears agent_request.created and answers; A's server hears agent_request.answered.
    const deadline = Date.now() + 20_000;
    let answered: AgentEvent | undefined;
    while (!answered) {
      if (Date.now() > deadline) throw new Error(`no answer reached A; B's log: ${log.join(" | ")}`);
      answered = receiverA.received
        .filter((r) => r.headers["x-service-event"] === "agent_request.answered")
        .map((r) => verifyWebhook(r.body, r.headers, pair.a.signing_secret) as unknown as AgentEvent)[0];
      if (!answered) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(log).toEqual(["B got agent_request.created", "B answered 200"]);
    const response = answered.data.agent_request.response!;
    expect(response.body).toBe(`Here is the contract, @${pair.a.handle}.`);
    expect(response.attachment).toMatchObject({
      name: "contract.pdf",
      sha256: createHash("sha256").update(contract).digest("hex"),
    });

    // A fetches the file with the link alone: no key, no session.
    const { pathname } = new URL(response.attachment!.url);
    const file = await signed.GET(new Request(`http://relay.test${pathname}`), {
      params: Promise.resolve({ token: pathname.split("/").pop()! }),
    });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(contract);

    // Both sides read the same final state.
    const [fromA, fromB] = await Promise.all([
      api("GET", "/agent-requests?direction=outgoing", { key: pair.a.api_key }),
      api("GET", "/agent-requests?direction=incoming", { key: pair.b.api_key }),
    ]);
    expect(fromA.body.data[0]).toEqual(fromB.body.data[0]);
    expect(fromA.body.data[0]).toMatchObject({ status: "answered", response: { body: response.body } });
    expect(
      await db().webhookDelivery.count({ where: { eventType: { startsWith: "agent_request." }, status: "succeeded" } }),
    ).toBe(2);
  });
});
