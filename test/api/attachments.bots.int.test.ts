import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { blobPath } from "@/lib/attachments/storage";
import * as attachments from "@/app/api/public/v1/attachments/route";
import * as signed from "@/app/api/attachments/signed/[token]/route";
import { connectedPair, type Pair } from "@/test/agents";
import { api, idem } from "./client";

// POST /attachments (a bot's upload: every status) and GET /api/attachments/signed/{token} (the link an answer
// carries: works before 24 hours, refused after, with the test's clock, and refused when altered).

const dir = mkdtempSync(path.join(os.tmpdir(), "relay-bot-attachments-"));
process.env.ATTACHMENTS_DIR = dir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  vi.useRealTimers();
});

let pair: Pair;
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function form(name: string, bytes: Uint8Array, type = "text/plain", field = "file") {
  const data = new FormData();
  data.set(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return data;
}

async function upload(init: { key?: string | null; body?: BodyInit; headers?: Record<string, string> }) {
  const key = init.key === undefined ? pair.b.api_key : init.key;
  const headers: Record<string, string> = { ...(key ? { authorization: `Bearer ${key}` } : {}), ...init.headers };
  const request = new Request("http://relay.test/api/public/v1/attachments", {
    method: "POST",
    headers,
    body: init.body,
  });
  const response = await attachments.POST(request);
  return { status: response.status, body: await response.json() };
}

async function fetchLink(url: string) {
  const { pathname } = new URL(url);
  const token = pathname.split("/").pop()!;
  const response = await signed.GET(new Request(`http://relay.test${pathname}`), {
    params: Promise.resolve({ token }),
  });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

beforeAll(async () => {
  pair = await connectedPair({ aToB: ["document"] });
});

describe("POST /attachments", () => {
  it("201 stores the bytes by their SHA-256 and records it, owned by the bot", async () => {
    const bytes = new TextEncoder().encode("availability: Tue 10-12, Wed 14-16\n");
    const res = await upload({ body: form("slots.txt", bytes) });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name: "slots.txt",
      type: "text/plain",
      size: bytes.byteLength,
      sha256: sha(bytes),
      created_at: expect.any(String),
    });
    expect(existsSync(blobPath(sha(bytes)))).toBe(true);
    expect(await db().attachment.findUniqueOrThrow({ where: { id: res.body.data.id } })).toMatchObject({
      uploadedByBotId: pair.b.id,
      uploadedByUserId: null,
      workspaceId: pair.worldB.workspace.id,
      conversationId: null,
      sha256: sha(bytes),
    });
  });

  it("401 without a key", async () => {
    expect(await upload({ key: null, body: form("a.txt", new Uint8Array([1])) })).toMatchObject({
      status: 401,
      body: { error: { code: "unauthorized" } },
    });
  });

  it("413 over the limit, declared or not", async () => {
    const res = await upload({
      body: "x",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(11 * 1024 * 1024) },
    });
    expect(res).toMatchObject({
      status: 413,
      body: { error: { code: "payload_too_large", message: expect.stringContaining("at most 10 MB") } },
    });
    const big = await upload({ body: form("big.bin", new Uint8Array(10 * 1024 * 1024 + 1)) });
    expect(big).toMatchObject({ status: 413, body: { error: { code: "payload_too_large" } } });
  });

  it("415 for a body that is not multipart/form-data", async () => {
    const res = await upload({ body: JSON.stringify({ file: "x" }), headers: { "content-type": "application/json" } });
    expect(res).toMatchObject({ status: 415, body: { error: { code: "unsupported_media_type" } } });
  });

  it("422 for a missing field, an empty file, a malformed form", async () => {
    expect(
      (await upload({ body: form("a.txt", new Uint8Array([1]), "text/plain", "document") })).body.error,
    ).toMatchObject({ code: "invalid_body", message: expect.stringContaining('"file"') });
    expect((await upload({ body: form("empty.txt", new Uint8Array()) })).body.error).toMatchObject({
      code: "invalid_body",
      message: "empty.txt is empty",
    });
    expect(
      (await upload({ body: "garbage", headers: { "content-type": "multipart/form-data; boundary=zzz" } })).status,
    ).toBe(422);
  });
});

describe("the signed link of an answer", () => {
  async function answerWithFile(bytes: Uint8Array, name = "contract.pdf") {
    const asked = await api("POST", "/agent-requests", {
      key: pair.a.api_key,
      idempotencyKey: idem(),
      body: { to: pair.b.handle, type: "document", question: "The contract?" },
    });
    const uploaded = await upload({ body: form(name, bytes, "application/pdf") });
    const answered = await api("POST", `/agent-requests/${asked.body.data.id}/respond`, {
      key: pair.b.api_key,
      idempotencyKey: idem(),
      body: { body: "Attached.", attachment_id: uploaded.body.data.id },
    });
    expect(answered.status).toBe(200);
    return answered.body.data.response.attachment as { id: string; url: string; expires_at: string; sha256: string };
  }

  it("serves the file, unchanged, until 24 hours are up; refuses it after (the test's clock)", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7 signed");
    const attachment = await answerWithFile(bytes);
    const ok = await fetchLink(attachment.url);
    expect(ok.status).toBe(200);
    expect(sha(ok.bytes)).toBe(sha(bytes));
    expect(ok.headers.get("content-type")).toBe("application/pdf");
    expect(ok.headers.get("content-disposition")).toContain("contract.pdf");
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    // The API's headers join the file's own, whose stronger choices stay (lib/http/api-response.ts).
    expect(ok.headers.get("content-security-policy")).toBe("sandbox");
    expect(ok.headers.get("referrer-policy")).toBe("no-referrer");
    expect(ok.headers.get("x-frame-options")).toBe("DENY");
    expect(ok.headers.get("x-request-id")).toBeTruthy();

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.parse(attachment.expires_at) - 60_000);
    expect((await fetchLink(attachment.url)).status).toBe(200);
    vi.setSystemTime(Date.parse(attachment.expires_at));
    const expired = await fetchLink(attachment.url);
    expect(expired.status).toBe(403);
    expect(expired.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(JSON.parse(new TextDecoder().decode(expired.bytes)).error).toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("expired"),
    });
  });

  it("refuses an altered link: another attachment's id, a later expiry, a changed signature", async () => {
    const attachment = await answerWithFile(new TextEncoder().encode("%PDF-1.7 altered"), "a.pdf");
    const other = await answerWithFile(new TextEncoder().encode("%PDF-1.7 other"), "b.pdf");
    const { origin, pathname } = new URL(attachment.url);
    const [id, expires, signature] = pathname.split("/").pop()!.split(".") as [string, string, string];
    const otherId = new URL(other.url).pathname.split("/").pop()!.split(".")[0]!;
    const base = `${origin}/api/attachments/signed/`;
    for (const token of [
      `${otherId}.${expires}.${signature}`,
      `${id}.${Number(expires) + 3600}.${signature}`,
      `${id}.${expires}.${signature.slice(0, -2)}AA`,
      `${id}.${expires}`,
    ]) {
      const res = await fetchLink(base + token);
      expect(res.status, token).toBe(403);
      expect(JSON.parse(new TextDecoder().decode(res.bytes)).error).toMatchObject({
        code: "forbidden",
        message: "This link is not valid",
      });
    }
  });

  it("a genuine link to a file since deleted is 404", async () => {
    const attachment = await answerWithFile(new TextEncoder().encode("%PDF-1.7 gone"));
    await db().attachment.delete({ where: { id: attachment.id } });
    expect((await fetchLink(attachment.url)).status).toBe(404);
  });
});
