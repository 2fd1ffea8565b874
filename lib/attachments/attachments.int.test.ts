import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { readAttachment } from "./read-attachment";
import { storePersonAttachment } from "./store-attachment";
import { blobPath } from "./storage";

// Uploads on local disk (this file's own folder) and their rows: what is stored, what is refused, who may read.
const dir = mkdtempSync(path.join(os.tmpdir(), "relay-attachments-"));
process.env.ATTACHMENTS_DIR = dir; // read once, at the first env() call, which comes later

let world: SeededWorld;
let conversation: string;
const ana = () => person(world.people[0]!.id, "web");
const ben = () => person(world.people[1]!.id, "cli");
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const text = (s: string) => new TextEncoder().encode(s);
const filesOnDisk = (): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

beforeAll(async () => {
  world = await seedWorld();
  conversation = world.conversations[1]!.id;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("storePersonAttachment and readAttachment", () => {
  it("stores the bytes under their SHA-256 and reads them back, with a row and an audit event", async () => {
    const bytes = text("quarterly numbers, v1\n");
    const stored = await storePersonAttachment(ben(), {
      conversationId: conversation,
      file: { name: "numbers.csv", type: "text/csv", bytes },
    });
    expect(stored).toEqual({
      id: expect.any(String),
      name: "numbers.csv",
      type: "text/csv",
      size: bytes.byteLength,
      sha256: sha(bytes),
    });

    const file = blobPath(stored.sha256);
    expect(file).toBe(path.join(dir, stored.sha256.slice(0, 2), stored.sha256.slice(2, 4), stored.sha256));
    expect(sha(readFileSync(file))).toBe(stored.sha256);
    expect(readdirSync(path.dirname(file)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(await db().attachment.findUniqueOrThrow({ where: { id: stored.id } })).toMatchObject({
      workspaceId: world.workspace.id,
      conversationId: conversation,
      uploadedByUserId: ben().userId,
      uploadedByBotId: null,
      messageId: null,
      contentType: "text/csv",
    });
    expect(await db().auditEvent.findFirstOrThrow({ where: { subjectId: stored.id } })).toMatchObject({
      action: "attachment.uploaded",
      via: "cli",
      actorId: ben().userId,
    });

    const read = await readAttachment(ben(), stored.id);
    expect(read).toMatchObject({
      id: stored.id,
      name: "numbers.csv",
      type: "text/csv",
      size: bytes.byteLength,
      sha256: stored.sha256,
    });
    expect(sha(read.bytes)).toBe(stored.sha256);
  });

  it("shares one file between uploads of the same bytes", async () => {
    const bytes = text(`same bytes ${Date.now()}`);
    const first = await storePersonAttachment(ben(), {
      conversationId: conversation,
      file: { name: "a.txt", type: "text/plain", bytes },
    });
    const second = await storePersonAttachment(ana(), {
      conversationId: conversation,
      file: { name: "b.txt", type: "text/plain", bytes },
    });
    expect(second.id).not.toBe(first.id);
    expect(second.sha256).toBe(first.sha256);
    expect(filesOnDisk().filter((name) => name === first.sha256)).toHaveLength(1);
  });

  it("refuses a file over ATTACHMENT_MAX_BYTES with payload_too_large naming the limit, writing no row and no file", async () => {
    const bytes = new Uint8Array(10 * 1024 * 1024 + 100 * 1024).fill(7);
    const rows = await db().attachment.count();
    await expect(
      storePersonAttachment(ben(), {
        conversationId: conversation,
        file: { name: "report.pdf", type: "application/pdf", bytes },
      }),
    ).rejects.toMatchObject({
      code: "payload_too_large",
      message: "Files can be at most 10 MB; report.pdf is 10.1 MB",
    });
    expect(await db().attachment.count()).toBe(rows);
    expect(filesOnDisk()).not.toContain(sha(bytes));
  });

  it("refuses an empty file and empty or over-long names; cleans separators and control characters from names", async () => {
    const one = text("x");
    await expect(
      storePersonAttachment(ben(), {
        conversationId: conversation,
        file: { name: "empty.txt", type: "text/plain", bytes: new Uint8Array() },
      }),
    ).rejects.toMatchObject({ code: "invalid_body", message: "empty.txt is empty" });
    await expect(
      storePersonAttachment(ben(), {
        conversationId: conversation,
        file: { name: " \u0000\u202e ", type: "", bytes: one },
      }),
    ).rejects.toMatchObject({ code: "invalid_body", message: "A file needs a name" });
    await expect(
      storePersonAttachment(ben(), {
        conversationId: conversation,
        file: { name: `${"n".repeat(252)}.txt`, type: "", bytes: one },
      }),
    ).rejects.toMatchObject({ code: "invalid_body" });
    expect(
      (
        await storePersonAttachment(ben(), {
          conversationId: conversation,
          file: { name: `${"n".repeat(251)}.txt`, type: "", bytes: one },
        })
      ).name,
    ).toHaveLength(255);

    const cleaned = await storePersonAttachment(ben(), {
      conversationId: conversation,
      file: {
        name: "../../etc/pass\nwd\u202efdp.exe",
        type: "",
        bytes: one,
      },
    });
    expect(cleaned.name).toBe(".._.._etc_passwdfdp.exe");
    expect(cleaned.type).toBe("application/octet-stream");
    expect(
      (
        await storePersonAttachment(ben(), {
          conversationId: conversation,
          file: { name: "photo.PNG", type: "Image/PNG; foo=bar", bytes: one },
        })
      ).type,
    ).toBe("image/png");
    expect(
      (
        await storePersonAttachment(ben(), {
          conversationId: conversation,
          file: { name: "odd", type: "not a type", bytes: one },
        })
      ).type,
    ).toBe("application/octet-stream");
  });

  it("refuses people of another workspace and members outside the conversation, writing nothing; unknown ids are not_found", async () => {
    const outsider = await seedWorld();
    const bytes = text(`not for you ${Date.now()}`);
    const rows = await db().attachment.count();
    await expect(
      storePersonAttachment(person(outsider.people[0]!.id, "web"), {
        conversationId: conversation,
        file: {
          name: "x.txt",
          type: "text/plain",
          bytes,
        },
      }),
    ).rejects.toMatchObject({ code: "not_found", message: "Conversation not found" });
    await expect(
      storePersonAttachment(ben(), {
        conversationId: "00000000-0000-4000-8000-000000000000",
        file: {
          name: "x.txt",
          type: "text/plain",
          bytes,
        },
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      storePersonAttachment(ben(), { conversationId: "nope", file: { name: "x.txt", type: "text/plain", bytes } }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await db().attachment.count()).toBe(rows);
    expect(filesOnDisk()).not.toContain(sha(bytes));

    const stored = await storePersonAttachment(ben(), {
      conversationId: conversation,
      file: { name: "mine.txt", type: "text/plain", bytes },
    });
    await expect(readAttachment(person(outsider.people[0]!.id, "web"), stored.id)).rejects.toMatchObject({
      code: "not_found",
      message: "Attachment not found",
    });
    await expect(readAttachment(ben(), "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(readAttachment(ben(), "not-a-uuid")).rejects.toMatchObject({ code: "not_found" });
  });

  it("an upload is private to its uploader until a message uses it", async () => {
    const stored = await storePersonAttachment(ben(), {
      conversationId: conversation,
      file: {
        name: "draft.txt",
        type: "text/plain",
        bytes: text("draft"),
      },
    });
    // Out of sight, it answers like an id that does not exist.
    await expect(readAttachment(ana(), stored.id)).rejects.toMatchObject({
      code: "not_found",
      message: "Attachment not found",
    });
    await db().attachment.update({
      where: { id: stored.id },
      data: { messageId: (await db().message.findFirstOrThrow({ where: { conversationId: conversation } })).id },
    });
    expect((await readAttachment(ana(), stored.id)).name).toBe("draft.txt");
  });
});
