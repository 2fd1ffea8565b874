import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { transaction } from "@/lib/db/sql";
import { decide } from "@/lib/policy/decide";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { insertMessage } from "./insert-message";
import { messageContent } from "./content";

// The door itself: a bot message needs a "sent" decision for exactly its content, bot and conversation.

let world: SeededWorld;
beforeAll(async () => {
  world = await seedWorld();
});

describe("insertMessage", () => {
  it("writes a bot message for a matching sent decision", async () => {
    const conversationId = world.conversations[1]!.id;
    const message = await transaction(async (tx) => {
      const decision = await decide(tx, {
        mode: "send",
        botId: world.bots[0]!.id,
        conversationId,
        content: messageContent("ok", null),
      });
      return insertMessage(tx, { author: { type: "bot", decision }, message: { conversationId, body: "ok" } });
    });
    expect(message).toMatchObject({ body: "ok", sender_bot_id: world.bots[0]!.id, seq: 2 });
  });

  it("refuses content other than what was decided", async () => {
    const conversationId = world.conversations[1]!.id;
    await expect(
      transaction(async (tx) => {
        const decision = await decide(tx, {
          mode: "send",
          botId: world.bots[0]!.id,
          conversationId,
          content: messageContent("harmless", null),
        });
        return insertMessage(tx, {
          author: { type: "bot", decision },
          message: { conversationId, body: "something else" },
        });
      }),
    ).rejects.toThrow(/content differs/);
  });

  it("refuses a held decision and a decision for another conversation", async () => {
    const conversationId = world.conversations[2]!.id; // the new bot: held
    await expect(
      transaction(async (tx) => {
        const decision = await decide(tx, { mode: "send", botId: world.bots[1]!.id, conversationId, content: ["hi"] });
        return insertMessage(tx, { author: { type: "bot", decision }, message: { conversationId, body: "hi" } });
      }),
    ).rejects.toThrow(/cannot create a message/);
    await expect(
      transaction(async (tx) => {
        const decision = await decide(tx, {
          mode: "send",
          botId: world.bots[0]!.id,
          conversationId: world.conversations[1]!.id,
          content: ["hi"],
        });
        return insertMessage(tx, {
          author: { type: "bot", decision },
          message: { conversationId: world.conversations[0]!.id, body: "hi" },
        });
      }),
    ).rejects.toThrow(/another conversation/);
    expect(await db().message.count({ where: { body: "hi" } })).toBe(0);
  });
});
