import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { readZip } from "@/test/read-zip";
import { blobPath } from "@/lib/attachments/storage";
import { storePersonAttachment } from "@/lib/attachments/store-attachment";
import { db } from "@/lib/db/client";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { archivePath, buildExport } from "./build-export";
import { listExports, requestExport } from "./request-export";
import { pruneExpiredRows } from "@/lib/retention/prune-expired-rows";

// Exports of a person and of a workspace, and what a failure leaves (issue 38, item 1). The contact's export, with
// every canary in it, is lib/privacy/erase-contact.int.test.ts's.

let world: SeededWorld;
const ben = () => person(world.people[1]!.id, "web");

beforeAll(async () => {
  world = await seedWorld();
});

const entries = async (exportId: string) => {
  const archive = await readZip(archivePath(exportId));
  return { names: [...archive.keys()], text: (name: string) => archive.get(name)?.toString("utf8") ?? "" };
};

describe("an export", () => {
  it("of a person holds their account without secrets, and their conversations' messages", async () => {
    await postPersonMessage(ben(), { conversationId: world.conversations[0]!.id, body: "Ben's own words" });
    const asked = await requestExport(ben(), { workspaceId: world.workspace.id, subjectType: "person", subjectId: ben().userId });
    expect(asked.status).toBe("queued");
    await buildExport(asked.id);
    const { names, text } = await entries(asked.id);
    expect(names).toEqual(expect.arrayContaining(["README.md", "manifest.json", "person.jsonl", "messages.jsonl", "sessions.jsonl"]));
    const account = JSON.parse(text("person.jsonl"));
    expect(account).toMatchObject({ id: ben().userId, email: world.people[1]!.email });
    expect(account).not.toHaveProperty("password_hash");
    expect(text("messages.jsonl")).toContain("Ben's own words");
    expect(JSON.parse(text("manifest.json"))).toMatchObject({ format: "relay-export/1", subject: { type: "person" } });
  });

  it("of someone else's data is refused to a person; a workspace's to a member", async () => {
    const ana = world.people[0]!.id;
    await expect(
      requestExport(ben(), { workspaceId: world.workspace.id, subjectType: "person", subjectId: ana }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      requestExport(ben(), { workspaceId: world.workspace.id, subjectType: "workspace", subjectId: world.workspace.id }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      requestExport(ben(), { workspaceId: world.workspace.id, subjectType: "contact", subjectId: world.contacts[0]!.id }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });

  it("whose file is gone fails, records why, leaves no partial archive, and is built once the file is back", async () => {
    const conversationId = world.conversations[1]!.id;
    const bytes = Buffer.from(`a file ${Date.now()}`);
    const file = await storePersonAttachment(ben(), { conversationId, file: { name: "x.txt", type: "text/plain", bytes } });
    await postPersonMessage(ben(), { conversationId, body: "with a file", attachmentIds: [file.id] });
    const sha256 = (await db().attachment.findUniqueOrThrow({ where: { id: file.id } })).sha256;
    await rm(blobPath(sha256));
    const asked = await requestExport(systemActor, {
      workspaceId: world.workspace.id,
      subjectType: "workspace",
      subjectId: world.workspace.id,
    });
    await expect(buildExport(asked.id)).rejects.toThrow();
    expect(await db().export.findUniqueOrThrow({ where: { id: asked.id } })).toMatchObject({ status: "failed" });
    expect(existsSync(archivePath(asked.id))).toBe(false);
    expect(existsSync(`${archivePath(asked.id)}.partial`)).toBe(false);

    await storePersonAttachment(ben(), { conversationId, file: { name: "x.txt", type: "text/plain", bytes } });
    await buildExport(asked.id);
    const { names, text } = await entries(asked.id);
    expect(names).toContain(`files/${sha256}`);
    expect(text("contacts.jsonl").split("\n").filter(Boolean)).toHaveLength(world.contacts.length);
    // The operator asked: nobody has a link to it (the CLI writes the file itself).
    const [listed] = await listExports(systemActor, { workspaceId: world.workspace.id, exportId: asked.id });
    expect(listed).toMatchObject({ status: "ready", download_path: null });
  });

  it("expires: the retention job deletes the archive, and the row says so", async () => {
    const asked = await requestExport(ben(), { workspaceId: world.workspace.id, subjectType: "person", subjectId: ben().userId });
    await buildExport(asked.id);
    expect(existsSync(archivePath(asked.id))).toBe(true);
    await db().export.update({ where: { id: asked.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const [late] = await listExports(ben(), { workspaceId: world.workspace.id, exportId: asked.id });
    expect(late).toMatchObject({ status: "expired", download_path: null });
    const pruned = await pruneExpiredRows();
    expect(pruned.deleted.export_archives).toBeGreaterThanOrEqual(1);
    expect(existsSync(archivePath(asked.id))).toBe(false);
    expect(await db().export.findUniqueOrThrow({ where: { id: asked.id } })).toMatchObject({ status: "expired" });
  });
});
