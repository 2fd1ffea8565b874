import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { storePersonAttachment } from "@/lib/attachments/store-attachment";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { postPersonMessage } from "./post-person-message";

// postPersonMessage with attachmentIds: the files' metadata on the message and in `message.created`, each upload
// used once, by its uploader, in its conversation.

const dir = mkdtempSync(path.join(os.tmpdir(), "relay-attachments-"));
process.env.ATTACHMENTS_DIR = dir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOOK = "https://bots.example.com/hook";
let world: SeededWorld;
let conversation: string; // Dev's renewal: ana, ben, the established helper bot (with a webhook)
const ana = () => person(world.people[0]!.id, "web");
const ben = () => person(world.people[1]!.id, "web");
const upload = (actor = ben(), conversationId = conversation, name = "report.pdf", content = `%PDF ${Math.random()}`) =>
  storePersonAttachment(actor, {
    conversationId,
    file: {
      name,
      type: "application/pdf",
      bytes: new TextEncoder().encode(content),
    },
  });

beforeAll(async () => {
  world = await seedWorld({ webhookUrl: HOOK });
  conversation = world.conversations[1]!.id;
});

describe("postPersonMessage with attachments", () => {
  it("puts the files on the message's metadata, marks them used, and `message.created` carries them", async () => {
    const first = await upload(ben(), conversation, "report.pdf");
    const second = await upload(ben(), conversation, "figures.pdf");
    const since = new Date();
    const { message } = await postPersonMessage(ben(), {
      conversationId: conversation,
      body: "Here are the files",
      attachmentIds: [second.id, first.id],
    });

    expect(message).toMatchObject({ body: "Here are the files", attachments: [second, first] });
    const row = await db().message.findUniqueOrThrow({ where: { id: message.id } });
    expect(row.metadata).toEqual({ attachments: [second, first] });
    expect(await db().attachment.findMany({ where: { messageId: message.id }, select: { id: true } })).toHaveLength(2);

    const deliveries = await db().webhookDelivery.findMany({
      where: { eventType: "message.created", conversationId: conversation, createdAt: { gte: since } },
    });
    expect(deliveries.map((d) => d.botId)).toEqual([world.bots[0]!.id]);
    const data = (deliveries[0]!.payload as { data: { message: Record<string, unknown> } }).data;
    expect(data.message).toMatchObject({
      id: message.id,
      body: "Here are the files",
      attachments: [second, first].map(({ name, type, size, sha256 }) => ({ name, type, size, sha256 })),
    });
  });

  it("allows an empty body with an attachment (the list preview names the file), but not without", async () => {
    const file = await upload(ben(), conversation, "scan.pdf");
    const { message } = await postPersonMessage(ben(), {
      conversationId: conversation,
      body: "   ",
      attachmentIds: [file.id],
    });
    expect(message).toMatchObject({ body: "", attachments: [file] });
    expect((await db().conversation.findUniqueOrThrow({ where: { id: conversation } })).lastMessagePreview).toBe(
      "📎 scan.pdf",
    );

    await expect(postPersonMessage(ben(), { conversationId: conversation, body: "   " })).rejects.toMatchObject({
      code: "invalid_body",
      message: "A message must be 1 to 4000 characters",
    });
    await expect(
      postPersonMessage(ben(), { conversationId: conversation, body: "", attachmentIds: [] }),
    ).rejects.toMatchObject({
      code: "invalid_body",
    });
    await expect(
      postPersonMessage(ben(), {
        conversationId: conversation,
        body: "x".repeat(4001),
        attachmentIds: [(await upload()).id],
      }),
    ).rejects.toMatchObject({ code: "invalid_body" });
  });

  it("leaves the message shape unchanged without attachments", async () => {
    const { message } = await postPersonMessage(ben(), { conversationId: conversation, body: "No files" });
    expect(message).not.toHaveProperty("attachments");
    expect((await db().message.findUniqueOrThrow({ where: { id: message.id } })).metadata).toEqual({});
  });

  it("an upload joins one message only, and only its uploader's, in its conversation; a refusal writes nothing", async () => {
    const file = await upload();
    await postPersonMessage(ben(), { conversationId: conversation, body: "First", attachmentIds: [file.id] });
    const otherConversation = await upload(ben(), world.conversations[0]!.id, "elsewhere.pdf");
    const fresh = await upload();
    const before = await db().message.count({ where: { conversationId: conversation } });

    await expect(
      postPersonMessage(ben(), { conversationId: conversation, body: "Again", attachmentIds: [file.id] }),
    ).rejects.toMatchObject({
      code: "invalid_body",
      message: "report.pdf is already attached to another message; upload it again to attach it here",
    });
    await expect(
      postPersonMessage(ana(), { conversationId: conversation, body: "Borrowed", attachmentIds: [fresh.id] }),
    ).rejects.toMatchObject({
      code: "invalid_body",
      message: `Attachment ${fresh.id} is not one of your uploads`,
    });
    await expect(
      postPersonMessage(ben(), { conversationId: conversation, body: "Moved", attachmentIds: [otherConversation.id] }),
    ).rejects.toMatchObject({
      code: "invalid_body",
      message: "elsewhere.pdf was uploaded to another conversation; upload it here to attach it",
    });
    await expect(
      postPersonMessage(ben(), {
        conversationId: conversation,
        body: "Unknown",
        attachmentIds: ["00000000-0000-4000-8000-000000000000"],
      }),
    ).rejects.toMatchObject({ code: "invalid_body" });
    await expect(
      postPersonMessage(ben(), { conversationId: conversation, body: "Malformed", attachmentIds: ["nope"] }),
    ).rejects.toMatchObject({ code: "invalid_body" });
    // One bad id among good ones refuses the whole message, and the good one stays unused.
    await expect(
      postPersonMessage(ben(), { conversationId: conversation, body: "Mixed", attachmentIds: [fresh.id, file.id] }),
    ).rejects.toMatchObject({ code: "invalid_body" });

    expect(await db().message.count({ where: { conversationId: conversation } })).toBe(before);
    expect((await db().attachment.findUniqueOrThrow({ where: { id: fresh.id } })).messageId).toBeNull();
    expect(
      (await postPersonMessage(ben(), { conversationId: conversation, body: "", attachmentIds: [fresh.id] })).message
        .attachments,
    ).toEqual([fresh]);
  });

  it("two posts racing for one upload: one wins, the other is refused and rolls back", async () => {
    const file = await upload();
    const before = await db().message.count({ where: { conversationId: conversation } });
    const results = await Promise.allSettled(
      [1, 2].map((n) =>
        postPersonMessage(ben(), { conversationId: conversation, body: `Race ${n}`, attachmentIds: [file.id] }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(
      ["invalid_body"],
    );
    expect(await db().message.count({ where: { conversationId: conversation } })).toBe(before + 1);
  });

  it("refuses more than 10 attachments; the same id twice counts once", async () => {
    const files = await Promise.all(Array.from({ length: 11 }, (_, i) => upload(ben(), conversation, `page-${i}.pdf`)));
    await expect(
      postPersonMessage(ben(), {
        conversationId: conversation,
        body: "Too many",
        attachmentIds: files.map((f) => f.id),
      }),
    ).rejects.toMatchObject({
      code: "invalid_body",
      message: "A message can carry at most 10 attachments; got 11",
    });
    const { message } = await postPersonMessage(ben(), {
      conversationId: conversation,
      body: "Twice",
      attachmentIds: [files[0]!.id, files[0]!.id],
    });
    expect(message.attachments).toEqual([files[0]]);
  });
});
