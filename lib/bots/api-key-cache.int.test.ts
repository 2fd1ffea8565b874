import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api } from "@/test/api/client";

// Keys are cached per process, and revocation still takes effect at once, here and in every other process.
const run = promisify(execFile);
let world: SeededWorld;

beforeAll(async () => {
  world = await seedWorld();
});

describe("the API key cache", () => {
  it("serves a known key without asking the database again", async () => {
    const key = world.bots[0]!.api_key;
    expect((await api("GET", "/me", { key })).status).toBe(200);
    // Rename the bot behind the cache's back: a cached principal still answers with the old name.
    await db().bot.update({ where: { id: world.bots[0]!.id }, data: { name: "Renamed" } });
    expect((await api("GET", "/me", { key })).body.bot.name).toBe(world.bots[0]!.name);
  });

  it("forgets a key revoked by another process (the CLI) as soon as it commits", async () => {
    const key = world.bots[1]!.api_key;
    expect((await api("GET", "/me", { key })).status).toBe(200);
    const keyRow = await db().apiKey.findFirstOrThrow({ where: { botId: world.bots[1]!.id } });
    await run("node_modules/.bin/tsx", ["cli/main.ts", "key", "revoke", keyRow.id], { env: { ...process.env } });
    // The NOTIFY arrives within milliseconds of the CLI's commit.
    let status = 200;
    for (let i = 0; i < 50 && status === 200; i++) {
      status = (await api("GET", "/me", { key })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
  });
});
