import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { sendMessage } from "@/lib/messages/send-message";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { loadPolicySnapshot } from "./load-snapshot";

// The rolling 24-hour count reads hourly counts (bot_hourly_sends, kept by insertMessage) plus the messages of the
// one hour the window's start cuts through. It must equal a plain count of the bot's messages in the window, at
// any moment: asked here at times around the day after the messages were sent.

let world: SeededWorld;
let sentAt: Date[];

beforeAll(async () => {
  world = await seedWorld();
  const bot = (await authenticateBot(world.bots[0]!.api_key))!;
  sentAt = [];
  for (let i = 0; i < 4; i++) {
    const result = await sendMessage(bot, {
      conversationId: world.conversations[1]!.id,
      input: { body: `counted ${i}`, blocks: undefined },
    });
    if (result.status !== "sent") throw new Error("expected sent");
    sentAt.push(result.message.created_at);
  }
});

async function dayCount(now: Date) {
  const snapshot = await loadPolicySnapshot(sql(), { mode: "send", botId: world.bots[0]!.id, conversationId: world.conversations[1]!.id, content: ["x"], now });
  return snapshot.usage.dayCount;
}

async function plainCount(now: Date) {
  return db().message.count({ where: { senderBotId: world.bots[0]!.id, createdAt: { gt: new Date(now.getTime() - 24 * 3600_000) } } });
}

describe("the rolling daily count", () => {
  it("every bot message is in its hour's count, in the same statement as the insert", async () => {
    const [row] = await sql().unchecked<{ n: number }>(`SELECT sum(n)::int AS n FROM bot_hourly_sends WHERE bot_id = $1`, [world.bots[0]!.id]);
    expect(row!.n).toBe(4);
  });

  it("equals a plain count of the window at moments from now to past the day's end", async () => {
    const first = sentAt[0]!.getTime();
    const last = sentAt.at(-1)!.getTime();
    const moments = [
      last + 1000,
      first + 23 * 3600_000,
      first + 24 * 3600_000 - 1, // the first message is still inside
      last + 24 * 3600_000 - 1, // the last one still inside, perhaps not the first
      last + 24 * 3600_000 + 1, // all out
      first + 30 * 3600_000,
    ].map((t) => new Date(t));
    const counts = [];
    for (const now of moments) counts.push([await dayCount(now), await plainCount(now)]);
    for (const [fast, plain] of counts) expect(fast).toBe(plain);
    expect(counts[0]).toEqual([4, 4]);
    expect(counts[2]![0]).toBeGreaterThanOrEqual(1);
    expect(counts[4]).toEqual([0, 0]);
  });
});
