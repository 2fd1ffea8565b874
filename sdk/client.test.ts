import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/app/api/public/v1/openapi-document";
import { RelayApiError, RelayClient, type RelayClientOptions } from "./client.js";

// The client against a real local HTTP server. Each test scripts the answers; the server records every request.
// `sleep` is injected so waits are recorded instead of slept.

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | "hang-up";

let seen: Seen[] = [];
let script: Answer[] = [];
let server: http.Server;
let baseUrl = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const next = script.shift() ?? {
        status: 500,
        body: { error: { code: "unscripted", message: "no answer scripted" } },
      };
      if (next === "hang-up") return void req.socket.destroy(); // no answer at all: a network error for the client
      res.writeHead(next.status, {
        "Content-Type": "application/json",
        "X-Request-Id": `req_${seen.length}`,
        ...next.headers,
      });
      res.end(next.body === undefined ? "" : typeof next.body === "string" ? next.body : JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`; // trailing slash on purpose
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let waits: number[] = [];
beforeEach(() => {
  seen = [];
  script = [];
  waits = [];
});

function client(options: Partial<RelayClientOptions> = {}) {
  return new RelayClient({
    baseUrl,
    apiKey: "amk_test_key",
    sleep: async (ms) => void waits.push(ms),
    ...options,
  });
}

async function thrown(promise: Promise<unknown>): Promise<RelayApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RelayApiError);
  return error as RelayApiError;
}

const CONV = "8a1e0c1e-3b0f-4f55-9d8e-2c6f5d1f0a11";
const sent = {
  id: "m1",
  conversation_id: CONV,
  seq: 7,
  kind: "text",
  body: "hi",
  blocks: null,
  created_at: "2025-01-01T00:00:00.000Z",
  status: "sent",
};
const deferred = (seconds: number): Answer => ({
  status: 429,
  headers: { "Retry-After": String(seconds) },
  body: {
    error: {
      code: "deferred",
      message: "Daily limit",
      reasons: ["rate_limit_day"],
      retry_after: seconds,
      request_id: "req_x",
    },
  },
});

describe("requests", () => {
  it("sends Bearer auth to /api/public/v1 and returns GET /me's bot", async () => {
    script = [{ status: 200, body: { bot: { id: "b1", handle: "helper", name: "Helper" } } }];
    expect(await client().getMe()).toEqual({ id: "b1", handle: "helper", name: "Helper" });
    expect(seen[0]).toMatchObject({ method: "GET", url: "/api/public/v1/me" });
    expect(seen[0]?.headers.authorization).toBe("Bearer amk_test_key");
    expect(seen[0]?.headers["idempotency-key"]).toBeUndefined();
  });

  it("passes list parameters as a query and returns the page", async () => {
    script = [
      {
        status: 200,
        body: { data: [{ id: CONV, title: null, last_message_at: "t", last_message_preview: "p" }], next_cursor: "c2" },
      },
      { status: 200, body: { data: [], next_cursor: null, next_after_seq: 12 } },
    ];
    const conversations = await client().listConversations({ limit: 1 });
    expect(conversations.next_cursor).toBe("c2");
    expect(conversations.data[0]?.id).toBe(CONV);
    const messages = await client().listMessages(CONV, { after_seq: 12, limit: 200 });
    expect(messages.next_after_seq).toBe(12);
    expect(seen.map((s) => s.url)).toEqual([
      "/api/public/v1/conversations?limit=1",
      `/api/public/v1/conversations/${CONV}/messages?after_seq=12&limit=200`,
    ]);
  });

  it("returns a 201 send as sent, with the JSON body it posted", async () => {
    script = [{ status: 201, body: { data: sent } }];
    const result = await client().sendMessage(CONV, { body: "hi" });
    expect(result).toEqual(sent); // the answer's data as is
    expect(seen[0]?.method).toBe("POST");
    expect(seen[0]?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ body: "hi" });
  });

  it("returns a 202 send as pending_approval with its approval id and reasons", async () => {
    script = [{ status: 202, body: { data: { status: "pending_approval", approval_id: "d1", reasons: ["new_bot"] } } }];
    expect(await client().sendMessage(CONV, { body: "hi" })).toEqual({
      status: "pending_approval",
      approval_id: "d1",
      reasons: ["new_bot"],
    });
  });

  it("checks a message without sending it: the verdict as a send would give it, no Idempotency-Key", async () => {
    const verdict = {
      outcome: "deferred",
      status: 429,
      reasons: ["rule:quiet-hours"],
      message: "Deferred: outside the hours the workspace's rule rule:quiet-hours allows; retry after 3600 s",
      retry_after: 3600,
      approval: null,
      rule_set_version: 4,
    };
    script = [{ status: 200, body: { data: verdict } }];
    expect(await client().checkMessage(CONV, { body: "Good morning" })).toEqual(verdict);
    expect(seen[0]).toMatchObject({ method: "POST", url: `/api/public/v1/conversations/${CONV}/messages/check` });
    expect(seen[0]?.headers["idempotency-key"]).toBeUndefined();
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ body: "Good morning" });
  });

  it("creates drafts and patches status blocks", async () => {
    script = [
      { status: 201, body: { data: { id: "d1", conversation_id: CONV, status: "pending", body: "Proposed" } } },
      { status: 200, body: { data: { ...sent, blocks: [{ type: "status_block", title: "Build", state: "done" }] } } },
    ];
    expect(
      (await client().createDraft(CONV, { body: "Proposed", follow_up: { body: "Any news?", delay_minutes: 60 } })).id,
    ).toBe("d1");
    const updated = await client().updateMessage("m1", {
      blocks: [{ type: "status_block", title: "Build", state: "done" }],
    });
    expect(updated.blocks).toEqual([{ type: "status_block", title: "Build", state: "done" }]);
    expect(seen[0]?.url).toBe(`/api/public/v1/conversations/${CONV}/drafts`);
    expect(seen[0]?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]).toMatchObject({ method: "PATCH", url: "/api/public/v1/messages/m1" });
    expect(seen[1]?.headers["idempotency-key"]).toBeUndefined(); // not a create
  });
});

describe("idempotency keys", () => {
  it("gives every create a fresh random key when the caller gives none", async () => {
    script = [
      { status: 201, body: { data: sent } },
      { status: 201, body: { data: sent } },
    ];
    await client().sendMessage(CONV, { body: "a" });
    await client().sendMessage(CONV, { body: "b" });
    const [first, second] = seen.map((s) => s.headers["idempotency-key"]);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
  });

  it("reuses the same key on every retry of one call (5xx, network error, 429)", async () => {
    script = [
      { status: 503, body: { error: { code: "unavailable", message: "down" } } },
      "hang-up",
      deferred(2),
      { status: 201, body: { data: sent } },
    ];
    const result = await client().sendMessage(CONV, { body: "hi" });
    expect(result.status).toBe("sent");
    expect(seen).toHaveLength(4);
    const keys = new Set(seen.map((s) => s.headers["idempotency-key"]));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("uses the caller's key, on retries too", async () => {
    script = [{ status: 500 }, { status: 201, body: { data: sent } }];
    await client().sendMessage(CONV, { body: "hi" }, { idempotencyKey: "echo-evt_1" });
    expect(seen.map((s) => s.headers["idempotency-key"])).toEqual(["echo-evt_1", "echo-evt_1"]);
  });
});

describe("retries", () => {
  it("waits Retry-After seconds on 429, then succeeds", async () => {
    script = [deferred(7), { status: 201, body: { data: sent } }];
    expect((await client().sendMessage(CONV, { body: "hi" })).status).toBe("sent");
    expect(waits).toEqual([7000]);
    expect(seen).toHaveLength(2);
  });

  it("waits out a rate_limit_second deferral (issue 31) with the same Idempotency-Key, then sends", async () => {
    script = [
      {
        status: 429,
        headers: { "Retry-After": "1", RateLimit: '"second";r=0;t=1', "RateLimit-Policy": '"second";q=30;w=3' },
        body: { error: { code: "deferred", message: "over rate", reasons: ["rate_limit_second"], retry_after: 1 } },
      },
      { status: 201, body: { data: sent }, headers: { RateLimit: '"second";r=29;t=1' } },
    ];
    const relay = client();
    expect((await relay.sendMessage(CONV, { body: "hi" })).status).toBe("sent");
    expect(waits).toEqual([1000]);
    expect(seen[0]!.headers["idempotency-key"]).toBe(seen[1]!.headers["idempotency-key"]);
    expect(relay.rateLimit).toEqual({ policy: "second", remaining: 29, resetSeconds: 1 });
  });

  it("with `pace`, waits before a request the last answer said would be refused; without it, does not", async () => {
    const answers = (): Answer[] => [
      { status: 200, body: { bot: { id: "b", handle: "h", name: "n" } }, headers: { RateLimit: '"day";r=0;t=2' } },
      { status: 200, body: { bot: { id: "b", handle: "h", name: "n" } }, headers: { RateLimit: '"second";r=5' } },
      { status: 200, body: { bot: { id: "b", handle: "h", name: "n" } } },
    ];
    script = answers();
    const paced = client({ pace: true, sleep: async (ms) => void waits.push(ms) });
    await paced.getMe();
    expect(paced.rateLimit).toEqual({ policy: "day", remaining: 0, resetSeconds: 2 });
    await paced.getMe();
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(1500); // about the 2 s the answer named (less the time since it came)
    expect(waits[0]).toBeLessThanOrEqual(2000);
    await paced.getMe(); // r=5: no wait
    expect(waits).toHaveLength(1);
    expect(paced.rateLimit).toEqual({ policy: "second", remaining: 5 }); // an answer without the header keeps the last

    waits = [];
    script = answers();
    const eager = client();
    await eager.getMe();
    await eager.getMe();
    expect(waits).toEqual([]);
  });

  it("reads the RateLimit header as the draft writes it, and ignores a malformed one", async () => {
    const { parseRateLimit } = await import("./client.js");
    expect(parseRateLimit('"second";r=29;t=1')).toEqual({ policy: "second", remaining: 29, resetSeconds: 1 });
    expect(parseRateLimit('"day";r=0')).toEqual({ policy: "day", remaining: 0 });
    expect(parseRateLimit('"a";t=3;r=2, "b";r=9')).toEqual({ policy: "a", remaining: 2, resetSeconds: 3 });
    for (const bad of [null, "", "second;r=1", '"second";t=1', '"second";r=-1', '"second";r=x']) expect(parseRateLimit(bad)).toBeUndefined();
  });

  it("throws at once, without waiting, when Retry-After exceeds maxRetryAfterSeconds", async () => {
    script = [deferred(3600)];
    const error = await thrown(client({ maxRetryAfterSeconds: 60 }).sendMessage(CONV, { body: "hi" }));
    expect(error).toMatchObject({ status: 429, code: "deferred", retry_after: 3600, reasons: ["rate_limit_day"] });
    expect(waits).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it("understands Retry-After as an HTTP date", async () => {
    script = [
      { status: 429, headers: { "Retry-After": new Date(Date.now() + 10_000).toUTCString() } },
      { status: 201, body: { data: sent } },
    ];
    await client().sendMessage(CONV, { body: "hi" });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(9000);
    expect(waits[0]).toBeLessThanOrEqual(11_000);
  });

  it("retries 5xx with exponential backoff and gives up after maxRetries", async () => {
    script = [
      { status: 500 },
      { status: 502 },
      { status: 503 },
      { status: 504, body: { error: { code: "gateway", message: "Timed out", request_id: "req_504" } } },
    ];
    const error = await thrown(client().listConversations());
    expect(error).toMatchObject({ status: 504, code: "gateway", message: "Timed out", request_id: "req_504" });
    expect(seen).toHaveLength(4); // 1 try + 3 retries
    expect(waits).toEqual([500, 1000, 2000]);
  });

  it("honours maxRetries: 0", async () => {
    script = [{ status: 500 }];
    expect((await thrown(client({ maxRetries: 0 }).getMe())).status).toBe(500);
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("retries network errors and reports the last as network_error with its cause", async () => {
    script = ["hang-up", "hang-up", "hang-up"];
    const error = await thrown(client({ maxRetries: 2 }).getMe());
    expect(error).toMatchObject({ status: 0, code: "network_error" });
    expect(error.cause).toBeDefined();
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([500, 1000]);
  });

  it("waits and asks again while the first try of the same call is still running (409 in progress)", async () => {
    script = [
      { status: 409, body: { error: { code: "idempotency_request_in_progress", message: "still running" } } },
      { status: 201, body: { data: sent } },
    ];
    expect((await client().sendMessage(CONV, { body: "hi" }, { idempotencyKey: "k-409" })).status).toBe("sent");
    expect(seen.map((request) => request.headers["idempotency-key"])).toEqual(["k-409", "k-409"]);
    expect(waits).toEqual([500]);
  });

  it.each([
    [400, "invalid_json"],
    [401, "unauthorized"],
    [403, "policy_blocked"],
    [404, "not_found"],
    [409, "opted_out"],
    [422, "invalid_body"],
  ])("never retries %i %s", async (status, code) => {
    script = [
      { status, body: { error: { code, message: "no" } } },
      { status: 201, body: { data: sent } },
    ];
    const error = await thrown(client().sendMessage(CONV, { body: "hi" }));
    expect(error).toMatchObject({ status, code });
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});

describe("errors", () => {
  it("parses the documented error shape", async () => {
    script = [
      {
        status: 403,
        headers: { "X-Request-Id": "req_header" },
        body: {
          error: {
            code: "policy_blocked",
            message: "Blocked by policy",
            reasons: ["secrets_detected"],
            request_id: "req_body",
          },
        },
      },
    ];
    const error = await thrown(client().sendMessage(CONV, { body: "my password is hunter2" }));
    expect(error.name).toBe("RelayApiError");
    expect(error).toMatchObject({
      status: 403,
      code: "policy_blocked",
      message: "Blocked by policy",
      reasons: ["secrets_detected"],
      request_id: "req_body",
    });
    expect(error.retry_after).toBeUndefined();
  });

  it("takes retry_after from the body when Retry-After is absent, and the request id from X-Request-Id", async () => {
    script = [
      {
        status: 429,
        headers: { "X-Request-Id": "req_h" },
        body: { error: { code: "deferred", message: "Later", retry_after: 120 } },
      },
    ];
    const error = await thrown(client().sendMessage(CONV, { body: "hi" }));
    expect(error).toMatchObject({ status: 429, retry_after: 120, request_id: "req_h" });
  });

  it("describes a non-JSON error answer by its status", async () => {
    script = [{ status: 418, headers: { "Content-Type": "text/html" }, body: "<html>teapot</html>" }];
    const error = await thrown(client().getMe());
    expect(error).toMatchObject({ status: 418, code: "http_418" });
    expect(error.message).toContain("418");
  });
});

// ---- Every operation of the OpenAPI document, one method each ----

const ID = "3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b";
/** One call per operationId; the test below fails when the document gains an operation the SDK does not have. */
const everyOperation: Record<string, (relay: RelayClient) => Promise<unknown>> = {
  getMe: (relay) => relay.getMe(),
  listConversations: (relay) => relay.listConversations({ limit: 2 }),
  listMessages: (relay) => relay.listMessages(ID, { after_seq: 3 }),
  sendMessage: (relay) => relay.sendMessage(ID, { body: "hi" }),
  checkMessage: (relay) => relay.checkMessage(ID, { body: "hi" }),
  updateMessage: (relay) => relay.updateMessage(ID, { blocks: [{ type: "status_block", title: "T", state: "done" }] }),
  createDraft: (relay) => relay.createDraft(ID, { body: "Proposed" }),
  proposeFact: (relay) => relay.proposeFact(ID, { key: "order.size", fact: "M", source_message_id: ID }),
  getContextPack: (relay) => relay.getContextPack(ID, { format: "compact" }),
  searchContact: (relay) => relay.searchContact(ID, { q: "order" }),
  readConversationMemory: (relay) => relay.readConversationMemory(ID, { q: "size" }),
  writeConversationMemory: (relay) => relay.writeConversationMemory(ID, { fact: "M", source_message_id: ID }),
  listAgentRequests: (relay) => relay.listAgentRequests({ direction: "incoming" }),
  createAgentRequest: (relay) => relay.createAgentRequest({ to: "@scheduler", type: "info", question: "Hours?" }),
  respondToAgentRequest: (relay) => relay.respondToAgentRequest(ID, { body: "9-5", attachment_id: ID }),
  uploadAttachment: (relay) => relay.uploadAttachment({ data: "hello", name: "hello.txt", type: "text/plain" }),
  triggerEvent: (relay) => relay.triggerEvent({ type: "message.received" }),
  streamEvents: (relay) => relay.streamEvents({ only: "true" }),
};

interface DocOperation {
  operationId: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
}

describe("operations", () => {
  const document = JSON.parse(JSON.stringify(buildOpenApiDocument())) as {
    paths: Record<string, Record<string, DocOperation>>;
  };
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );

  it("has one method per operation of the OpenAPI document, named by its operationId", () => {
    const ids = operations.map(({ operation }) => operation.operationId).sort();
    expect(ids).toHaveLength(18);
    expect(Object.keys(everyOperation).sort()).toEqual(ids);
    for (const id of ids) expect(typeof Reflect.get(RelayClient.prototype, id), id).toBe("function");
  });

  it.each(operations.map((entry) => [entry.operation.operationId, entry] as const))(
    "%s calls its method and path, with an Idempotency-Key exactly when the document declares one",
    async (id, { path, method, operation }) => {
      const status = Number(Object.keys(operation.responses).find((code) => code.startsWith("2")));
      script = [{ status, body: { bot: { id: "b1", handle: "h", name: "H" }, data: { id: "x" }, next_cursor: null } }];
      await everyOperation[id]!(client());
      expect(seen).toHaveLength(1);
      const request = seen[0]!;
      expect(request.method).toBe(method);
      expect(new URL(request.url, "http://x").pathname).toBe(`/api/public/v1${path.replace("{id}", ID)}`);
      const declaresKey = (operation.parameters ?? []).some((p) => p.in === "header" && p.name === "Idempotency-Key");
      if (declaresKey) expect(request.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
      else expect(request.headers["idempotency-key"]).toBeUndefined();
      const contentType = Object.keys(operation.requestBody?.content ?? {})[0];
      if (contentType) expect(request.headers["content-type"]).toContain(contentType);
      else expect(request.body).toBe("");
    },
  );

  it("uploads a file as multipart/form-data in the field `file` and returns the stored upload", async () => {
    const stored = { id: ID, name: "notes.txt", type: "text/plain", size: 5, sha256: "2cf2", created_at: "t" };
    script = [{ status: 201, body: { data: stored } }];
    const upload = await client().uploadAttachment({
      data: new TextEncoder().encode("hello"),
      name: "notes.txt",
      type: "text/plain",
    });
    expect(upload).toEqual(stored);
    expect(seen[0]?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('Content-Disposition: form-data; name="file"; filename="notes.txt"');
    expect(seen[0]?.body).toContain("Content-Type: text/plain");
    expect(seen[0]?.body).toContain("\r\n\r\nhello\r\n");
  });

  it("sends the whole form again on a retry", async () => {
    script = [{ status: 503 }, { status: 201, body: { data: { id: ID } } }];
    await client().uploadAttachment({ data: new Blob(["bytes"], { type: "application/pdf" }), name: "a.pdf" });
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request.body).toContain('filename="a.pdf"');
      expect(request.body).toContain("Content-Type: application/pdf");
      expect(request.body).toContain("bytes");
    }
  });

  it("refuses to build a client without a base URL or key", () => {
    expect(() => new RelayClient({ baseUrl: "", apiKey: "amk_x" })).toThrow(/baseUrl/);
    expect(() => new RelayClient({ baseUrl: "http://x", apiKey: "" })).toThrow(/apiKey/);
  });
});

// ---- Auto-pagination ----

describe("pagination", () => {
  const conversation = (id: string) => ({ id, title: null, last_message_at: "t", last_message_preview: "p" });

  it("paginateConversations follows next_cursor until it is null, yielding every item in order", async () => {
    script = [
      { status: 200, body: { data: [conversation("c1"), conversation("c2")], next_cursor: "k2" } },
      { status: 200, body: { data: [conversation("c3")], next_cursor: "k3" } },
      { status: 200, body: { data: [conversation("c4")], next_cursor: null } },
    ];
    const ids: string[] = [];
    for await (const item of client().paginateConversations({ limit: 2 })) ids.push(item.id);
    expect(ids).toEqual(["c1", "c2", "c3", "c4"]);
    expect(seen.map((s) => s.url)).toEqual([
      "/api/public/v1/conversations?limit=2",
      "/api/public/v1/conversations?limit=2&cursor=k2",
      "/api/public/v1/conversations?limit=2&cursor=k3",
    ]);
  });

  it("fetches pages lazily: stopping early asks for no more", async () => {
    script = [{ status: 200, body: { data: [conversation("c1"), conversation("c2")], next_cursor: "k2" } }];
    for await (const item of client().paginateConversations()) if (item.id === "c1") break;
    expect(seen).toHaveLength(1);
  });

  it("paginateMessages starts after after_seq and then follows the cursor (which wins over after_seq)", async () => {
    const message = (seq: number) => ({ ...sent, id: `m${seq}`, seq });
    script = [
      { status: 200, body: { data: [message(5), message(6)], next_cursor: "s6", next_after_seq: 6 } },
      { status: 200, body: { data: [message(7)], next_cursor: null, next_after_seq: 7 } },
    ];
    const seqs: number[] = [];
    for await (const item of client().paginateMessages(CONV, { after_seq: 4, limit: 2 })) seqs.push(item.seq);
    expect(seqs).toEqual([5, 6, 7]);
    expect(seen.map((s) => s.url)).toEqual([
      `/api/public/v1/conversations/${CONV}/messages?after_seq=4&limit=2`,
      `/api/public/v1/conversations/${CONV}/messages?after_seq=4&limit=2&cursor=s6`,
    ]);
  });

  it("paginateAgentRequests keeps the filters on every page, and stops on an empty page", async () => {
    script = [
      { status: 200, body: { data: [{ id: "r1" }], next_cursor: "k2" } },
      { status: 200, body: { data: [], next_cursor: "k3" } },
    ];
    const ids: string[] = [];
    for await (const item of client().paginateAgentRequests({ direction: "outgoing", status: "answered" })) {
      ids.push(item.id);
    }
    expect(ids).toEqual(["r1"]);
    expect(seen.map((s) => s.url)).toEqual([
      "/api/public/v1/agent-requests?direction=outgoing&status=answered",
      "/api/public/v1/agent-requests?direction=outgoing&status=answered&cursor=k2",
    ]);
  });

  it("throws the API's error from the page that failed", async () => {
    script = [
      { status: 200, body: { data: [conversation("c1")], next_cursor: "k2" } },
      { status: 401, body: { error: { code: "unauthorized", message: "Invalid API key", request_id: "req_p" } } },
    ];
    const ids: string[] = [];
    const error = await thrown(
      (async () => {
        for await (const item of client().paginateConversations()) ids.push(item.id);
      })(),
    );
    expect(ids).toEqual(["c1"]);
    expect(error).toMatchObject({ status: 401, code: "unauthorized", request_id: "req_p" });
  });
});
