import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { env } from "@/lib/env";
import { sendJobEvents } from "./client";

// The outbox relay's real send: the Inngest SDK's HTTP call to the event API named by INNGEST_BASE_URL with
// INNGEST_EVENT_KEY (a fake event API here: no Inngest server runs on these machines).

let server: Server;
let answer = 200;
const received: { path: string; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString() || "null") });
      res.writeHead(answer, { "content-type": "application/json" });
      res.end(JSON.stringify(answer === 200 ? { ids: ["01"], status: 200 } : { error: "down" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  Object.assign(env(), {
    INNGEST_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    INNGEST_EVENT_KEY: "test-event-key",
    INNGEST_DEV: "false",
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("sends the outbox's events to the event API with the event key, their ids kept (Inngest dedupes by them)", async () => {
  const event = {
    id: "relay-job-42",
    name: "relay/job.deliver_webhook",
    data: { outbox_id: "42", run_at: "now", job_key: null },
  };
  await sendJobEvents([event]);
  const sent = received.at(-1)!;
  expect(sent.path).toBe("/e/test-event-key");
  expect(sent.body).toEqual([expect.objectContaining(event)]);
});

it("rejects when the event API refuses, so the relay keeps the row for its next run", async () => {
  answer = 500;
  await expect(
    sendJobEvents([
      {
        id: "relay-job-43",
        name: "relay/job.deliver_webhook",
        data: { outbox_id: "43", run_at: "now", job_key: null },
      },
    ]),
  ).rejects.toThrow();
  answer = 200;
}, 60_000);
