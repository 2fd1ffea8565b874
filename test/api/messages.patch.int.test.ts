import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { setBotStatus } from "@/lib/bots/set-bot-status";
import { systemActor } from "@/lib/people/actor";
import { api, idem } from "./client";

let world: SeededWorld;
let key: string;
let conversation: string;

beforeAll(async () => {
  world = await seedWorld();
  key = world.bots[0]!.api_key;
  conversation = world.conversations[0]!.id;
});

async function sendCard(blocks: unknown[], body?: string) {
  const res = await api("POST", `/conversations/${conversation}/messages`, { key, body: { body, blocks }, idempotencyKey: idem() });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; seq: number };
}
const patch = (id: string, body: unknown, apiKey = key) => api("PATCH", `/messages/${id}`, { key: apiKey, body });

describe("PATCH /messages/{id}", () => {
  it("200 edits the status block in place: same id, same seq, other blocks untouched", async () => {
    const card = { type: "approval_card", title: "Ship it?", fields: [], actions: [{ key: "go", label: "Go", style: "primary" }] };
    const sent = await sendCard([card, { type: "status_block", title: "Deploying", state: "working" }]);
    const res = await patch(sent.id, { blocks: [{ type: "status_block", title: "Deployed", state: "done" }] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: sent.id, seq: sent.seq });
    expect(res.body.data.blocks).toEqual([expect.objectContaining({ type: "approval_card", title: "Ship it?" }), { type: "status_block", title: "Deployed", state: "done" }]);
    const row = await db().message.findUniqueOrThrow({ where: { id: sent.id } });
    expect(row.editedAt).not.toBeNull();
    expect(await db().message.count({ where: { conversationId: conversation } })).toBe(sent.seq);
    // The edit's policy decision is in the audit chain (issue 34), after the send's: mode `edit`, by digest.
    const decided = await db().auditLogEntry.findMany({ where: { kind: "policy.decided", subjectId: sent.id }, orderBy: { id: "asc" } });
    expect(decided.map((e) => (e.facts as { mode: string }).mode)).toEqual(["send", "edit"]);
  });

  it("422 invalid_blocks when the patch carries anything but status blocks, or the message has none", async () => {
    const sent = await sendCard([{ type: "status_block", title: "Working", state: "working" }]);
    const card = { type: "approval_card", title: "x", fields: [], actions: [{ key: "a", label: "A" }] };
    expect((await patch(sent.id, { blocks: [card] })).body.error.code).toBe("invalid_blocks");
    expect((await patch(sent.id, { blocks: [{ type: "status_block", title: "t", state: "done", extra: 1 }] })).body.error.code).toBe("invalid_blocks");
    expect((await patch(sent.id, { blocks: [] })).status).toBe(422);
    const two = await patch(sent.id, { blocks: [{ type: "status_block", title: "a", state: "done" }, { type: "status_block", title: "b", state: "done" }] });
    expect(two.body.error.code).toBe("invalid_blocks");
    const plain = await api("POST", `/conversations/${conversation}/messages`, { key, body: { body: "plain" }, idempotencyKey: idem() });
    const res = await patch(plain.body.data.id, { blocks: [{ type: "status_block", title: "t", state: "done" }] });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("invalid_blocks");
    const row = await db().message.findUniqueOrThrow({ where: { id: sent.id } });
    expect(row.blocks).toEqual([{ type: "status_block", title: "Working", state: "working" }]);
  });

  it("403 policy_blocked for a secret in the new text, and for a stopped bot; nothing changes", async () => {
    const sent = await sendCard([{ type: "status_block", title: "Working", state: "working" }]);
    const secret = await patch(sent.id, { blocks: [{ type: "status_block", title: "token ghp_abcdefghijklmnopqrstuvwxyz0123456789", state: "done" }] });
    expect(secret.status).toBe(403);
    expect(secret.body.error).toMatchObject({ code: "policy_blocked", reasons: ["secrets_detected"] });
    const other = await seedWorld();
    const otherSent = await api("POST", `/conversations/${other.conversations[1]!.id}/messages`, {
      key: other.bots[0]!.api_key,
      body: { blocks: [{ type: "status_block", title: "Working", state: "working" }] },
      idempotencyKey: idem(),
    });
    await setBotStatus(systemActor, { botId: other.bots[0]!.id, status: "stopped" });
    const stopped = await patch(otherSent.body.data.id, { blocks: [{ type: "status_block", title: "Done", state: "done" }] }, other.bots[0]!.api_key);
    expect(stopped.status).toBe(403);
    expect(stopped.body.error.reasons).toEqual(["bot_stopped"]);
    const row = await db().message.findUniqueOrThrow({ where: { id: sent.id } });
    expect(row.editedAt).toBeNull();
  });

  it("403 forbidden for another bot's message, 404 for an unknown one, 401 without a key, 400 for bad JSON", async () => {
    const sent = await sendCard([{ type: "status_block", title: "Working", state: "working" }]);
    const scheduler = world.bots[1]!;
    const res = await patch(sent.id, { blocks: [{ type: "status_block", title: "Hijack", state: "done" }] }, scheduler.api_key);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
    expect((await patch("00000000-0000-4000-8000-000000000000", { blocks: [{ type: "status_block", title: "t", state: "done" }] })).status).toBe(404);
    expect((await api("PATCH", `/messages/${sent.id}`, { body: { blocks: [] } })).status).toBe(401);
    expect((await api("PATCH", `/messages/${sent.id}`, { key, rawBody: "[" })).body.error.code).toBe("invalid_json");
  });
});
