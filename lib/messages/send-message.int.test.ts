import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sql, transaction, transactionBetween } from "@/lib/db/sql";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { person, systemActor } from "@/lib/people/actor";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { createConversation } from "@/lib/conversations/create-conversation";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { lostDayRace } from "@/lib/policy/load-snapshot";
import { api, idem } from "@/test/api/client";
import { sendMessage, sendOpening } from "./send-message";

// A bot's daily limit under concurrency (docs/decisions/041-one-busy-bot.md): a send takes the bot's sending lock at
// commit only and checks the day there; one that lost the race is run again with the lock taken first. The day never
// holds one message more than the limit, and the locks never wait for each other in a circle.

let world: SeededWorld;
let helper: SeededWorld["bots"][number]; // established
let bot: BotPrincipal;

beforeEach(async () => {
  world = await seedWorld();
  helper = world.bots.find((b) => b.established)!;
  bot = (await authenticateBot(helper.api_key))!;
});

const limitTo = (dailyLimit: number) =>
  updatePolicySettings(systemActor, {
    workspaceId: world.workspace.id,
    changes: { dailyLimit, ratePerSecond: 1000, rateBurst: 1000 },
  });
const conversations = (n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      createConversation(person(world.people[0]!.id, "cli"), {
        workspaceId: world.workspace.id,
        title: `Busy ${i}`,
        botIds: [helper.id],
      }),
    ),
  ).then((made) => made.map((c) => c.id));
const text = (body: string) => ({ body, blocks: undefined });
/** Backends of this database waiting for a lock. */
const waitingLocks = async () =>
  (
    await sql().unchecked<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )
  )[0]!.n;
/** What the bot's rolling day holds: its messages, and its held messages still waiting. */
const dayOfBot = async () =>
  (await db().message.count({ where: { senderBotId: helper.id } })) +
  (await db().draft.count({ where: { botId: helper.id, origin: "held_message", status: "pending" } }));

describe("the bot's daily limit under concurrent sends", () => {
  it("never lets many concurrent sends of one bot pass the limit by even one, through the route and the service", async () => {
    const ids = await conversations(16);
    let limit = await dayOfBot();
    // Three rounds raising the limit: each round starts with the day full and fills the new slots at once.
    for (const [round, added] of [30, 17, 1].entries()) {
      limit += added;
      await limitTo(limit);
      const outcomes = await Promise.all(
        Array.from({ length: 64 }, (_, i) => {
          // Every fifth talks money: held for a person, and a held message counts against the day too.
          const body = i % 5 === 0 ? `Please wire transfer $1,200 to renew (${round}.${i}).` : `update ${round}.${i}`;
          const conversationId = ids[i % ids.length]!;
          return i % 2
            ? api("POST", `/conversations/${conversationId}/messages`, {
                key: helper.api_key,
                body: { body },
                idempotencyKey: idem(),
              }).then((res) => res.status)
            : sendMessage(bot, { conversationId, input: text(body) }).then(
                (result) => (result.status === "sent" ? 201 : 202),
                (error: { code?: string }) => (error.code === "deferred" ? 429 : error),
              );
        }),
      );
      // Only answers: no send failed for having lost the race (it was run again, serialized).
      expect(outcomes.filter((o) => typeof o !== "number")).toEqual([]);
      expect(outcomes.filter((o) => o === 201 || o === 202)).toHaveLength(added);
      expect(outcomes.filter((o) => o === 429)).toHaveLength(64 - added);
      expect(await dayOfBot()).toBe(limit);
    }
  });

  it("fails the commit of a send whose slot was taken since its snapshot, changing nothing", async () => {
    const [a, b] = await conversations(2);
    await limitTo((await dayOfBot()) + 1);
    const lost = transactionBetween(
      async (tx, opened) => {
        const first = await sendMessage(bot, { conversationId: a!, input: text("first"), tx, opened: opened.at(-1) });
        expect(first.status).toBe("sent"); // the day was empty at its snapshot
        // Meanwhile another send of the bot takes the day's one slot and commits.
        const second = await sendMessage(bot, { conversationId: b!, input: text("second") });
        expect(second.status).toBe("sent");
        return first;
      },
      { opening: sendOpening(bot, { conversationId: a! }) },
    );
    await expect(lost).rejects.toSatisfy(lostDayRace);
    expect(await db().message.count({ where: { conversationId: b!, senderBotId: helper.id } })).toBe(1);
    expect(await db().message.count({ where: { conversationId: a!, senderBotId: helper.id } })).toBe(0);
  });

  it("answers a route's send that lost the race as deferred: it runs again with the bot's lock taken first", async () => {
    const ids = await conversations(12);
    const before = await dayOfBot();
    await limitTo(before + 1);
    const statuses = await Promise.all(
      ids.map((conversationId) =>
        api("POST", `/conversations/${conversationId}/messages`, {
          key: helper.api_key,
          body: { body: "only one of us" },
          idempotencyKey: idem(),
        }).then((res) => ({ status: res.status, code: res.body.error?.code, reasons: res.body.error?.reasons })),
      ),
    );
    expect(statuses.filter((s) => s.status === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s.status === 429)).toEqual(
      Array(11).fill({ status: 429, code: "deferred", reasons: ["rate_limit_day"] }),
    );
    expect(await dayOfBot()).toBe(before + 1);
  });

  it("takes the conversation's lock before the bot's in every send: a serialized one and an optimistic one do not deadlock", async () => {
    const [a] = await conversations(1);
    await limitTo(1000);
    let serialized: Promise<unknown> = Promise.resolve();
    // An optimistic send holds the conversation's row lock (its snapshot) and will take the bot's lock at commit...
    const optimistic = transactionBetween(
      async (tx, opened) => {
        const sent = await sendMessage(bot, {
          conversationId: a!,
          input: text("optimistic"),
          tx,
          opened: opened.at(-1),
        });
        // ...while a serialized send (a caller's transaction: it locks first) to the same conversation starts waiting.
        serialized = transaction((tx2) => sendMessage(bot, { conversationId: a!, input: text("serialized"), tx: tx2 }));
        for (let waited = 0; (await waitingLocks()) === 0 && waited < 5_000; waited += 20)
          await new Promise((resolve) => setTimeout(resolve, 20));
        return sent;
      },
      { opening: sendOpening(bot, { conversationId: a! }) },
    );
    // Had the serialized send taken the bot's lock before the conversation's, each would wait for the other, and
    // PostgreSQL would end one of them after its deadlock timeout with an error.
    const first = await optimistic;
    expect(first.status).toBe("sent");
    await expect(serialized).resolves.toMatchObject({ status: "sent" });
    const seqs = await db().message.findMany({
      where: { conversationId: a!, senderBotId: helper.id },
      orderBy: { seq: "asc" },
      select: { body: true },
    });
    expect(seqs.map((m) => m.body)).toEqual(["optimistic", "serialized"]);
  });
});
