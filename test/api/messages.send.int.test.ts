import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { person, systemActor } from "@/lib/people/actor";
import { setBotStatus } from "@/lib/bots/set-bot-status";
import { takeOver } from "@/lib/conversations/take-over";
import { blockBot } from "@/lib/conversations/block-bot";
import { setDoNotContact } from "@/lib/contacts/set-do-not-contact";
import { optOut } from "@/lib/consent/set-opt-out";
import { setWorkspaceStatus } from "@/lib/workspaces/set-workspace-status";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { revokeApiKey } from "@/lib/bots/issue-api-key";
import { createConversation } from "@/lib/conversations/create-conversation";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { sendMessage } from "@/lib/messages/send-message";
import { api, idem } from "./client";

// POST /conversations/{id}/messages: every status it answers, each with its body (one file per route, docs/style.md#tests).

let world: SeededWorld;
let helper: SeededWorld["bots"][number]; // established
let scheduler: SeededWorld["bots"][number]; // new
let renewal: string; // helper only, contact Dev
let order: string; // helper + scheduler, contact Carla
let visit: string; // scheduler only

beforeEach(async () => {
  world = await seedWorld();
  [helper, scheduler] = world.bots as [typeof helper, typeof scheduler];
  order = world.conversations[0]!.id;
  renewal = world.conversations[1]!.id;
  visit = world.conversations[2]!.id;
});

const send = (key: string, conversationId: string, body: unknown, idempotencyKey = idem()) =>
  api("POST", `/conversations/${conversationId}/messages`, { key, body, idempotencyKey });
const messageCount = (conversationId: string) => db().message.count({ where: { conversationId } });
const ana = () => person(world.people[0]!.id, "cli");
const ben = () => person(world.people[1]!.id, "cli");

describe("201 sent", () => {
  it("delivers an established bot's plain message with the next seq", async () => {
    const res = await send(helper.api_key, renewal, { body: "Your renewal is ready to review." });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      seq: 2,
      body: "Your renewal is ready to review.",
      status: "sent",
      kind: "text",
      blocks: null,
    });
    expect(res.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
    const row = await db().message.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row.senderBotId).toBe(helper.id);
    expect(row.senderUserId).toBeNull();
  });

  it("sends a card with the first card's title as body when body is omitted", async () => {
    const card = {
      type: "approval_card",
      title: "Approve the delivery window?",
      fields: [{ label: "Order", value: "#1042" }],
      actions: [
        { key: "yes", label: "Yes", style: "primary" },
        { key: "no", label: "No", style: "danger" },
      ],
    };
    const res = await send(helper.api_key, renewal, { blocks: [card] });
    expect(res.status).toBe(201);
    expect(res.body.data.body).toBe("Approve the delivery window?");
    expect(res.body.data.kind).toBe("card");
    expect(res.body.data.blocks[0]).toMatchObject({ type: "approval_card", title: card.title });
  });

  it("answers with exactly the row it wrote (the message is written with the COMMIT, its answer made before)", async () => {
    const card = { type: "status_block", title: "Packing", state: "working" };
    // Several, so that a created_at rounded otherwise than the stored one (the column keeps milliseconds) shows.
    const bodies = Array.from({ length: 4 }, () => [
      { body: "Plain words." },
      { body: "With a block.", blocks: [card] },
    ]).flat();
    for (const body of bodies) {
      const res = await send(helper.api_key, renewal, body);
      expect(res.status).toBe(201);
      const { seq } = res.body.data;
      const page = await api("GET", `/conversations/${renewal}/messages?after_seq=${seq - 1}&limit=1`, {
        key: helper.api_key,
      });
      const row = page.body.data[0];
      expect(res.body.data).toEqual({
        id: row.id,
        conversation_id: renewal,
        seq: row.seq,
        kind: row.kind,
        body: row.body,
        blocks: row.blocks,
        created_at: row.created_at,
        status: "sent",
      });
      expect(row.sender_bot_id).toBe(helper.id);
      const conversation = await db().conversation.findUniqueOrThrow({ where: { id: renewal } });
      expect(conversation.lastSeq).toBe(seq);
    }
  });

  it("gives 50 concurrent sends to one conversation the seqs 2..51, no gap, no duplicate", async () => {
    // Fifty at once: past the default request rate's burst (test/api/rate-limit.int.test.ts has that).
    await updatePolicySettings(systemActor, {
      workspaceId: world.workspace.id,
      changes: { dailyLimit: 10_000, ratePerSecond: 100, rateBurst: 100 },
    });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(helper.api_key, renewal, { body: `update ${i}` })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const seqs = results.map((r) => r.body.data.seq as number).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    const stored = await db().message.findMany({
      where: { conversationId: renewal },
      orderBy: { seq: "asc" },
      select: { seq: true },
    });
    expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
  });
});

describe("202 pending_approval", () => {
  it("holds a new bot's message (new_bot) as an approval and writes no message", async () => {
    const before = await messageCount(visit);
    const res = await send(scheduler.api_key, visit, { body: "Does Tuesday at 10 work?" });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ status: "pending_approval", reasons: ["new_bot"] });
    const draft = await db().draft.findUniqueOrThrow({ where: { id: res.body.data.approval_id } });
    expect(draft).toMatchObject({
      origin: "held_message",
      status: "pending",
      body: "Does Tuesday at 10 work?",
      reasons: ["new_bot"],
    });
    expect(await messageCount(visit)).toBe(before);
  });

  it("holds money talk (sensitive_money) even from an established bot", async () => {
    const res = await send(helper.api_key, renewal, { body: "Please wire transfer $1,200 to renew." });
    expect(res.status).toBe(202);
    expect(res.body.data.reasons).toContain("sensitive_money");
  });

  it("holds while the bot is paused (bot_paused)", async () => {
    await setBotStatus(systemActor, { botId: helper.id, status: "paused", reason: "checking its answers" });
    const res = await send(helper.api_key, renewal, { body: "Hello again" });
    expect(res.status).toBe(202);
    expect(res.body.data.reasons).toEqual(["bot_paused"]);
  });

  it("holds while a person has taken the conversation over (conversation_taken_over)", async () => {
    await takeOver(ana(), renewal);
    const res = await send(helper.api_key, renewal, { body: "Hello again" });
    expect(res.status).toBe(202);
    expect(res.body.data.reasons).toEqual(["conversation_taken_over"]);
  });

  it("lists every hold reason that applies", async () => {
    await takeOver(ana(), visit);
    const res = await send(scheduler.api_key, visit, { body: "The deposit is €50." });
    expect(res.status).toBe(202);
    expect(res.body.data.reasons).toEqual(
      expect.arrayContaining(["new_bot", "sensitive_money", "conversation_taken_over"]),
    );
  });

  it("holds cards of a new bot by the same rules", async () => {
    const res = await send(scheduler.api_key, visit, {
      blocks: [{ type: "status_block", title: "Finding a slot", state: "working" }],
    });
    expect(res.status).toBe(202);
    expect(res.body.data.reasons).toEqual(["new_bot"]);
  });
});

describe("403 policy_blocked", () => {
  const expectBlocked = async (
    conversationId: string,
    key: string,
    reason: string,
    body: unknown = { body: "Hello" },
  ) => {
    const before = await messageCount(conversationId);
    const res = await send(key, conversationId, body);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: "policy_blocked" });
    expect(res.body.error.reasons).toContain(reason);
    expect(await messageCount(conversationId)).toBe(before);
    return res;
  };

  it("workspace_suspended", async () => {
    await setWorkspaceStatus(systemActor, { workspaceId: world.workspace.id, status: "suspended" });
    await expectBlocked(renewal, helper.api_key, "workspace_suspended");
  });
  it("workspace_restricted", async () => {
    await setWorkspaceStatus(systemActor, { workspaceId: world.workspace.id, status: "restricted" });
    await expectBlocked(renewal, helper.api_key, "workspace_restricted");
  });
  it("bot_stopped", async () => {
    await setBotStatus(systemActor, { botId: helper.id, status: "stopped" });
    await expectBlocked(renewal, helper.api_key, "bot_stopped");
  });
  it("blocked_by_participant", async () => {
    await blockBot(ben(), { conversationId: renewal, botId: helper.id });
    await expectBlocked(renewal, helper.api_key, "blocked_by_participant");
  });
  it("do_not_contact", async () => {
    await setDoNotContact(ana(), { contactId: world.conversations[1]!.contact_id, doNotContact: true });
    await expectBlocked(renewal, helper.api_key, "do_not_contact");
  });
  it("secrets_detected, and the refusal is recorded without the secret", async () => {
    const secret = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";
    await expectBlocked(renewal, helper.api_key, "secrets_detected", { body: `use ${secret} for the API` });
    const recorded = await db().policyDecision.findFirstOrThrow({ where: { botId: helper.id } });
    expect(recorded).toMatchObject({ outcome: "blocked", reasons: ["secrets_detected"], excerpt: null });
  });
  it("secrets_detected inside a card", async () => {
    const card = {
      type: "approval_card",
      title: "Login",
      fields: [{ label: "password", value: "password: hunter2hunter2" }],
      actions: [{ key: "ok", label: "OK" }],
    };
    await expectBlocked(renewal, helper.api_key, "secrets_detected", { blocks: [card] });
  });
  it("block reasons win over opt-outs and holds, and only they are listed", async () => {
    await setWorkspaceStatus(systemActor, { workspaceId: world.workspace.id, status: "suspended" });
    await optOut(ben(), { conversationId: visit });
    const res = await expectBlocked(visit, scheduler.api_key, "workspace_suspended");
    expect(res.body.error.reasons).toEqual(["workspace_suspended"]);
  });
});

describe("409 opted_out", () => {
  it("refuses when a participant opted out", async () => {
    await optOut(ben(), { conversationId: renewal });
    const res = await send(helper.api_key, renewal, { body: "Hello" });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "opted_out", reasons: ["opted_out"] });
  });
  it("refuses when a contact's opt-out was recorded", async () => {
    await optOut(ana(), { conversationId: renewal, contactId: world.conversations[1]!.contact_id });
    expect((await send(helper.api_key, renewal, { body: "Hello" })).status).toBe(409);
  });
});

describe("429 deferred", () => {
  it("defers past the daily limit with a Retry-After until the rolling window frees a slot", async () => {
    await updatePolicySettings(systemActor, { workspaceId: world.workspace.id, changes: { dailyLimit: 3 } });
    for (let i = 0; i < 3; i++) expect((await send(helper.api_key, renewal, { body: `m${i}` })).status).toBe(201);
    // The oldest of the three was sent 23 h ago: one slot frees in one hour.
    await db()
      .$executeRaw`UPDATE messages SET created_at = now() - interval '23 hours' WHERE sender_bot_id = ${helper.id}::uuid AND body = 'm0'`;
    const res = await send(helper.api_key, renewal, { body: "one more" });
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({ code: "deferred", reasons: ["rate_limit_day"] });
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBe(res.body.error.retry_after);
    expect(retryAfter).toBeGreaterThan(3590);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });
  it("holds the daily limit exactly under concurrent sends to many conversations, with a key and without", async () => {
    await updatePolicySettings(systemActor, { workspaceId: world.workspace.id, changes: { dailyLimit: 12 } });
    const conversations = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        createConversation(ana(), { workspaceId: world.workspace.id, title: `Counted ${i}`, botIds: [helper.id] }),
      ),
    );
    // 24 at once, 3 to each conversation: without the bot's sending lock each counted the day before the others
    // committed, and 15 to 18 were sent. Every other one through the service alone (it opens its own transaction).
    const bot = (await authenticateBot(helper.api_key))!;
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 2
          ? send(helper.api_key, conversations[i % 8]!.id, { body: `counted ${i}` }).then((res) => res.status)
          : sendMessage(bot, {
              conversationId: conversations[i % 8]!.id,
              input: { body: `counted ${i}`, blocks: undefined },
            }).then(
              () => 201,
              (error: { code?: string }) => error.code,
            ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 201)).toHaveLength(12);
    expect(outcomes.filter((outcome) => outcome === 429 || outcome === "deferred")).toHaveLength(12);
    expect(await db().message.count({ where: { senderBotId: helper.id, body: { startsWith: "counted " } } })).toBe(12);
  });
  it("defers by the per-conversation limit when the workspace sets one", async () => {
    await updatePolicySettings(systemActor, {
      workspaceId: world.workspace.id,
      changes: {
        conversationLimit: 2,
        conversationWindowSeconds: 60,
      },
    });
    expect((await send(helper.api_key, renewal, { body: "a" })).status).toBe(201);
    expect((await send(helper.api_key, renewal, { body: "b" })).status).toBe(201);
    const res = await send(helper.api_key, renewal, { body: "c" });
    expect(res.status).toBe(429);
    expect(res.body.error.reasons).toEqual(["rate_limit_conversation"]);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(50);
    expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });
});

describe("bad input changes nothing", () => {
  const expectError = async (res: Awaited<ReturnType<typeof send>>, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(typeof res.body.error.message).toBe("string");
    expect(res.body.error.request_id).toBe(res.headers.get("x-request-id"));
  };

  it("422 invalid_body: missing body, too long, blank, unknown field, sender set by the caller", async () => {
    const before = await messageCount(renewal);
    await expectError(await send(helper.api_key, renewal, {}), 422, "invalid_body");
    await expectError(await send(helper.api_key, renewal, { body: "x".repeat(4001) }), 422, "invalid_body");
    await expectError(await send(helper.api_key, renewal, { body: "   " }), 422, "invalid_body");
    await expectError(
      await send(helper.api_key, renewal, { body: "hi", sender_user_id: world.people[0]!.id }),
      422,
      "invalid_body",
    );
    expect((await send(helper.api_key, renewal, { body: "x".repeat(4000) })).status).toBe(201);
    expect(await messageCount(renewal)).toBe(before + 1);
  });

  it("422 invalid_blocks: unknown fields, unknown types, bad styles", async () => {
    const before = await messageCount(renewal);
    await expectError(
      await send(helper.api_key, renewal, {
        blocks: [{ type: "status_block", title: "t", state: "working", color: "red" }],
      }),
      422,
      "invalid_blocks",
    );
    await expectError(
      await send(helper.api_key, renewal, { blocks: [{ type: "carousel", title: "t" }] }),
      422,
      "invalid_blocks",
    );
    await expectError(
      await send(helper.api_key, renewal, {
        body: "b",
        blocks: [{ type: "approval_card", title: "t", fields: [], actions: [{ key: "a", label: "A", style: "neon" }] }],
      }),
      422,
      "invalid_blocks",
    );
    expect(await messageCount(renewal)).toBe(before);
  });

  it("400 invalid_json and 413 payload_too_large", async () => {
    const key = helper.api_key;
    await expectError(
      await api("POST", `/conversations/${renewal}/messages`, { key, rawBody: "{not json", idempotencyKey: idem() }),
      400,
      "invalid_json",
    );
    const huge = JSON.stringify({ body: "x".repeat(300 * 1024) });
    await expectError(
      await api("POST", `/conversations/${renewal}/messages`, { key, rawBody: huge, idempotencyKey: idem() }),
      413,
      "payload_too_large",
    );
  });

  it("400 idempotency_key_required, 422 for a key over 64 characters", async () => {
    await expectError(
      await api("POST", `/conversations/${renewal}/messages`, { key: helper.api_key, body: { body: "hi" } }),
      400,
      "idempotency_key_required",
    );
    await expectError(await send(helper.api_key, renewal, { body: "hi" }, "k".repeat(65)), 422, "invalid_body");
    expect((await send(helper.api_key, renewal, { body: "hi" }, "k".repeat(64))).status).toBe(201);
  });

  it("a rejected request leaves its idempotency key unused", async () => {
    const key = idem();
    expect((await send(helper.api_key, renewal, { body: "" }, key)).status).toBe(422);
    expect((await send(helper.api_key, renewal, { body: "fixed" }, key)).status).toBe(201);
  });
});

describe("401, 403 forbidden and 404", () => {
  it("401 without a key, with a malformed key and with a revoked key (at once)", async () => {
    expect((await send("", renewal, { body: "hi" })).status).toBe(401);
    const res = await send("amk_notarealkey", renewal, { body: "hi" });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
    const keyRow = await db().apiKey.findFirstOrThrow({ where: { botId: helper.id } });
    expect((await send(helper.api_key, renewal, { body: "before" })).status).toBe(201);
    await revokeApiKey(systemActor, keyRow.id);
    expect((await send(helper.api_key, renewal, { body: "after" })).status).toBe(401);
  });

  it("403 forbidden where the bot is not authorized, in its own or another workspace", async () => {
    const res = await send(helper.api_key, visit, { body: "hi" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
    const other = await seedWorld();
    expect((await send(helper.api_key, other.conversations[0]!.id, { body: "hi" })).status).toBe(403);
    expect(await messageCount(other.conversations[0]!.id)).toBe(1);
  });

  it("404 for a conversation that does not exist or an id that is not a uuid", async () => {
    expect((await send(helper.api_key, "00000000-0000-4000-8000-000000000000", { body: "hi" })).body.error.code).toBe(
      "not_found",
    );
    expect((await send(helper.api_key, "nope", { body: "hi" })).status).toBe(404);
  });
});

describe("idempotency", () => {
  it("replays the original result with Idempotent-Replayed and creates nothing more", async () => {
    const key = idem();
    const first = await send(helper.api_key, renewal, { body: "once" }, key);
    const again = await send(helper.api_key, renewal, { body: "once" }, key);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await db().message.count({ where: { conversationId: renewal, body: "once" } })).toBe(1);
  });

  it("replays a 202 and a 409 too", async () => {
    const key = idem();
    const held = await send(scheduler.api_key, visit, { body: "held once" }, key);
    const replay = await send(scheduler.api_key, visit, { body: "held once" }, key);
    expect(replay.status).toBe(202);
    expect(replay.body.data.approval_id).toBe(held.body.data.approval_id);
    expect(await db().draft.count({ where: { body: "held once" } })).toBe(1);
  });

  it("409 idempotency_key_reused for the same key with a different request", async () => {
    const key = idem();
    await send(helper.api_key, renewal, { body: "first" }, key);
    const res = await send(helper.api_key, renewal, { body: "second" }, key);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("idempotency_key_reused");
  });

  it("keys are scoped to the bot", async () => {
    const key = idem();
    expect((await send(helper.api_key, order, { body: "same key" }, key)).status).toBe(201);
    expect((await send(scheduler.api_key, order, { body: "same key" }, key)).status).toBe(202);
  });

  it("20 concurrent requests with one key: exactly one executes", async () => {
    const key = idem();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => send(helper.api_key, renewal, { body: "concurrent" }, key)),
    );
    expect(await db().message.count({ where: { conversationId: renewal, body: "concurrent" } })).toBe(1);
    const executed = results.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null);
    expect(executed).toHaveLength(1);
    for (const r of results) {
      if (r.status === 409) expect(r.body.error.code).toBe("idempotency_request_in_progress");
      else expect(r.status).toBe(201);
    }
  });
});
