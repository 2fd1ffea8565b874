import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import type { SignedInPerson } from "@/lib/auth/session";
import { POST } from "@/app/api/chat/conversations/[id]/attachments/route";

// POST /api/chat/conversations/{id}/attachments, called in-process as Next would. The session cookie is next-auth's
// business (and needs Next's request scope), so the signed-in person is set here; everything behind it is real.
const session = vi.hoisted(() => ({ person: null as SignedInPerson | null }));
vi.mock("@/lib/auth/session", () => ({ signedInPerson: async () => session.person }));

const dir = mkdtempSync(path.join(os.tmpdir(), "relay-attachments-"));
process.env.ATTACHMENTS_DIR = dir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let world: SeededWorld;
let conversation: string;
const MAX = 10 * 1024 * 1024;

beforeAll(async () => {
  world = await seedWorld();
  conversation = world.conversations[1]!.id;
  const ben = world.people[1]!;
  session.person = { id: ben.id, email: ben.email, name: ben.name, handle: ben.handle };
});

async function post(init: RequestInit & { duplex?: "half" }, conversationId = conversation) {
  const request = new Request(`http://relay.test/api/chat/conversations/${conversationId}/attachments`, {
    method: "POST",
    ...init,
  });
  const response = await POST(request, { params: Promise.resolve({ id: conversationId }) });
  return { status: response.status, body: await response.json() };
}

function form(name: string, bytes: Uint8Array, type = "application/pdf") {
  const data = new FormData();
  data.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return data;
}

describe("201 stored", () => {
  it("returns {id, name, type, size, sha256} and stores the row", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7 tiny");
    const res = await post({ body: form("report.pdf", bytes) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: "report.pdf",
      type: "application/pdf",
      size: bytes.byteLength,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
    expect(await db().attachment.findUniqueOrThrow({ where: { id: res.body.id } })).toMatchObject({
      uploadedByUserId: session.person!.id,
      conversationId: conversation,
    });
  });
});

describe("401 unauthorized", () => {
  it("refuses a signed-out request", async () => {
    const before = session.person;
    session.person = null;
    try {
      const res = await post({ body: form("report.pdf", new Uint8Array([1])) });
      expect(res).toMatchObject({ status: 401, body: { error: { code: "unauthorized" } } });
    } finally {
      session.person = before;
    }
  });
});

describe("403 forbidden from another site", () => {
  it("refuses an upload another site's page makes, storing nothing; the app's own origin and host are served", async () => {
    const count = () => db().attachment.count();
    const before = await count();
    for (const headers of [
      { origin: "http://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site", origin: "https://other.relay.test" },
      { origin: "http://evil.example", host: "relay.test" },
    ] as Record<string, string>[]) {
      const res = await post({ headers, body: form("report.pdf", new Uint8Array([1])) });
      expect(res, JSON.stringify(headers)).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    }
    expect(await count()).toBe(before);
    // The host the browser sent it to (APP_URL may name another, e.g. behind a proxy that keeps Host).
    const sameHost = await post({
      headers: { origin: "http://relay.test", host: "relay.test" },
      body: form("own.pdf", new Uint8Array([1])),
    });
    expect(sameHost.status).toBe(201);
    const own = await post({
      headers: { origin: new URL(env().APP_URL).origin, "sec-fetch-site": "same-origin" },
      body: form("own.pdf", new Uint8Array([1])),
    });
    expect(own.status).toBe(201);
  });
});

describe("413 payload_too_large", () => {
  it("refuses a declared Content-Length over the limit before reading the body", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const size = 12.3 * 1024 * 1024;
    const res = await post({
      body,
      duplex: "half",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(size) },
    });
    expect(res).toMatchObject({
      status: 413,
      body: { error: { code: "payload_too_large", message: "Files can be at most 10 MB; this upload is 12.3 MB" } },
    });
    expect(pulled).toBeLessThanOrEqual(1); // a stream may pre-fill one chunk; none was read
  });

  it("cuts off a body without Content-Length once it runs over", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await post({ body, duplex: "half", headers: { "content-type": "multipart/form-data; boundary=x" } });
    expect(res).toMatchObject({
      status: 413,
      body: { error: { code: "payload_too_large", message: "Files can be at most 10 MB; this upload is larger" } },
    });
    expect(sent).toBeLessThan(MAX + 256 * 1024);
  });

  it("refuses a file just over the limit by its exact size, writing no row", async () => {
    const rows = await db().attachment.count();
    const res = await post({ body: form("big.bin", new Uint8Array(MAX + 1)) });
    expect(res).toMatchObject({
      status: 413,
      body: { error: { code: "payload_too_large", message: "Files can be at most 10 MB; big.bin is 10.1 MB" } },
    });
    expect(await db().attachment.count()).toBe(rows);
  });
});

describe("4xx other refusals", () => {
  it("415 for a body that is not multipart; 422 without a `file` field or for an empty file", async () => {
    expect((await post({ body: "{}", headers: { "content-type": "application/json" } })).body.error.code).toBe(
      "unsupported_media_type",
    );
    const noFile = new FormData();
    noFile.set("other", "x");
    expect(await post({ body: noFile })).toMatchObject({
      status: 422,
      body: { error: { code: "invalid_body", message: 'Send the file in a form field named "file"' } },
    });
    expect(await post({ body: form("empty.txt", new Uint8Array()) })).toMatchObject({
      status: 422,
      body: { error: { message: "empty.txt is empty" } },
    });
  });

  it("404 in another workspace's conversation, exactly as for an unknown one", async () => {
    const other = await seedWorld();
    const foreign = await post({ body: form("a.pdf", new Uint8Array([1])) }, other.conversations[0]!.id);
    const unknown = await post({ body: form("a.pdf", new Uint8Array([1])) }, "00000000-0000-4000-8000-000000000000");
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ code: "not_found", message: "Conversation not found" });
    expect(unknown.body.error).toMatchObject({ code: "not_found", message: "Conversation not found" });
  });
});
