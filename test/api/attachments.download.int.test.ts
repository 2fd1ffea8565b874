import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { storePersonAttachment } from "@/lib/attachments/store-attachment";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import type { SignedInPerson } from "@/lib/auth/session";
import { GET } from "@/app/api/chat/attachments/[id]/route";

// GET /api/chat/attachments/{id}, called in-process as Next would, with the signed-in person set here (see
// attachments.upload.int.test.ts). The headers are the point: nothing a browser would run, ever.
const session = vi.hoisted(() => ({ person: null as SignedInPerson | null }));
vi.mock("@/lib/auth/session", () => ({ signedInPerson: async () => session.person }));

const dir = mkdtempSync(path.join(os.tmpdir(), "relay-attachments-"));
process.env.ATTACHMENTS_DIR = dir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let world: SeededWorld;
let conversation: string;
const signIn = (p: { id: string; email: string; name?: string; handle: string } | null) => {
  session.person = p && { id: p.id, email: p.email, name: p.name ?? "", handle: p.handle };
};

async function get(id: string, query = "") {
  const response = await GET(new Request(`http://relay.test/api/chat/attachments/${id}${query}`), {
    params: Promise.resolve({ id }),
  });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Ben uploads and posts a file in the renewal conversation. */
async function posted(name: string, type: string, content: string) {
  const ben = person(world.people[1]!.id, "web");
  const file = await storePersonAttachment(ben, {
    conversationId: conversation,
    file: { name, type, bytes: new TextEncoder().encode(content) },
  });
  await postPersonMessage(ben, { conversationId: conversation, body: "", attachmentIds: [file.id] });
  return file;
}

beforeAll(async () => {
  world = await seedWorld();
  conversation = world.conversations[1]!.id;
  signIn(world.people[0]!); // ana takes part in the conversation
});

describe("200 the bytes", () => {
  it("serves a PNG inline with its type, and the safety headers", async () => {
    const file = await posted("chart.png", "image/png", "\x89PNG fake");
    const res = await get(file.id);
    expect(res.status).toBe(200);
    expect(new TextDecoder().decode(res.bytes)).toBe("\x89PNG fake");
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "image/png",
      "content-length": String(file.size),
      "content-disposition": `inline; filename="chart.png"; filename*=UTF-8''chart.png`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, max-age=3600",
      "content-security-policy": "sandbox",
      "x-frame-options": "DENY",
    });
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect((await get(file.id, "?download")).headers.get("content-disposition")).toMatch(/^attachment; /);
  });

  it("serves types a browser would run as application/octet-stream, as a download", async () => {
    for (const [name, type] of [
      ["page.html", "text/html"],
      ["logo.svg", "image/svg+xml"],
      ["app.js", "text/javascript"],
      ["doc.xhtml", "application/xhtml+xml"],
    ]) {
      const file = await posted(name!, type!, "<script>alert(1)</script>");
      const res = await get(file.id);
      expect(res.headers.get("content-type"), type).toBe("application/octet-stream");
      expect(res.headers.get("content-disposition"), type).toMatch(/^attachment; /);
    }
  });

  it("encodes a non-ASCII name as UTF-8 with an ASCII fallback", async () => {
    const file = await posted("Résumé (final).pdf", "application/pdf", "%PDF");
    expect((await get(file.id)).headers.get("content-disposition")).toBe(
      `inline; filename="R_sum_ (final).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29.pdf`,
    );
  });
});

describe("401, 403, 404", () => {
  it("refuses the signed-out, people who cannot see the conversation, and unknown ids", async () => {
    const file = await posted("notes.txt", "text/plain", "private");
    const outsider = await seedWorld();
    try {
      signIn(null);
      expect((await get(file.id)).status).toBe(401);
      signIn(outsider.people[0]!);
      // Out of sight, a file answers exactly like one that does not exist.
      const unseen = await get(file.id);
      const random = await get("00000000-0000-4000-8000-000000000000");
      expect(unseen.status).toBe(404);
      expect(random.status).toBe(404);
      const error = (answer: { bytes: Uint8Array }) => JSON.parse(new TextDecoder().decode(answer.bytes)).error;
      expect(error(unseen)).toMatchObject({ code: "not_found", message: "Attachment not found" });
      expect(error(random)).toMatchObject({ code: "not_found", message: "Attachment not found" });
      expect((await get("nope")).status).toBe(404);
    } finally {
      signIn(world.people[0]!);
    }
  });
});
