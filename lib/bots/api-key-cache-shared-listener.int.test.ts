import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { listening, subscribe } from "@/lib/db/listener";
import { db } from "@/lib/db/client";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api } from "@/test/api/client";

// The process's one LISTEN connection is shared: a chat's live stream may open it before any bot's first request.
// The key cache must still subscribe to its own channel then, or a key revoked by another process would keep
// working here until its entry expired (a minute).
const run = promisify(execFile);
let world: SeededWorld;

beforeAll(async () => {
  world = await seedWorld();
  // Another subscriber opens the connection first, as the chat's streams do.
  await subscribe("relay_test_other_channel", { handler: () => {} });
  expect(listening()).toBe(true);
});

describe("the API key cache on a LISTEN connection another subscriber opened", () => {
  it("still forgets a key revoked by another process (the CLI) as soon as it commits", async () => {
    const key = world.bots[0]!.api_key;
    expect((await api("GET", "/me", { key })).status).toBe(200);
    const keyRow = await db().apiKey.findFirstOrThrow({ where: { botId: world.bots[0]!.id } });
    await run("node_modules/.bin/tsx", ["cli/main.ts", "key", "revoke", keyRow.id], { env: { ...process.env } });
    // Asked every 100 ms for two seconds: fewer requests than the bot's burst, so no answer is a 429.
    let status = 200;
    for (let i = 0; i < 20 && status === 200; i++) {
      status = (await api("GET", "/me", { key })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(401);
  });
});
