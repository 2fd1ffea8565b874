import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateBot } from "@/lib/bots/update-bot";
import { db } from "@/lib/db/client";
import { settleEmbeddedDefaults } from "@/lib/db/setup";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { pingBot } from "@/lib/webhooks/ping-bot";
import { startReceiver, type Receiver } from "@/test/receiver";
import { loopbackWebhooksAllowed, recordServerSettings, serverLoopbackSetting } from "./settings";

// The loopback exception is a property of the deployment: what the app server recorded holds for every process on
// its database, whatever that process's own environment says. It used to be read by each process from its own
// environment, so `cli bot ping`, run without ALLOW_LOOPBACK_WEBHOOKS, delivered where the server refused to.

const run = promisify(execFile);
let receiver: Receiver;
let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");

async function cli(env: Record<string, string | undefined>, ...args: string[]) {
  try {
    const { stdout } = await run("node_modules/.bin/tsx", ["cli/main.ts", ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr: "" };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  receiver = await startReceiver();
  world = await seedWorld({ webhookUrl: receiver.url });
});
afterAll(async () => {
  await recordServerSettings({ allow: true, recordedBy: "embedded" });
  await receiver.close();
});

describe("the app server's setting", () => {
  it("is the environment's when set; else allowed on the embedded database and in development only", () => {
    expect(serverLoopbackSetting({ variable: "false", embedded: true, mode: "dev" })).toEqual({ allow: false, recordedBy: "environment" });
    expect(serverLoopbackSetting({ variable: "true", embedded: false, mode: "start" })).toEqual({ allow: true, recordedBy: "environment" });
    expect(serverLoopbackSetting({ variable: undefined, embedded: true, mode: "start" })).toEqual({ allow: true, recordedBy: "server" });
    expect(serverLoopbackSetting({ variable: undefined, embedded: false, mode: "dev" })).toEqual({ allow: true, recordedBy: "server" });
    expect(serverLoopbackSetting({ variable: undefined, embedded: false, mode: "start" })).toEqual({ allow: false, recordedBy: "server" });
  });

  it("a fresh embedded database allows loopback until a server records otherwise, and never overrides a server", async () => {
    await db().deploymentSettings.update({ where: { id: true }, data: { allowLoopbackWebhooks: false, recordedBy: "default" } });
    await settleEmbeddedDefaults();
    expect(await loopbackWebhooksAllowed()).toBe(true);
    await recordServerSettings({ allow: false, recordedBy: "environment" });
    await settleEmbeddedDefaults();
    expect(await loopbackWebhooksAllowed()).toBe(false);
  });
});

describe("every process follows the recorded setting", { timeout: 60_000 }, () => {
  it("refused by the server: the CLI's ping is refused whatever its own environment says, and so is a delivery", async () => {
    await recordServerSettings({ allow: false, recordedBy: "environment" });
    const handle = world.bots[0]!.handle;
    for (const variable of [undefined, "true"]) {
      const res = await cli({ ALLOW_LOOPBACK_WEBHOOKS: variable, NODE_ENV: "development" }, "bot", "ping", handle);
      expect(res.code).toBe(0);
      expect(JSON.parse(res.stdout)).toMatchObject({ status: "failed", error: expect.stringMatching(/^refused: /) });
    }
    expect((await pingBot(ana(), world.bots[0]!.id)).error).toMatch(/^refused: .*loopback/);
    expect(receiver.received).toHaveLength(0);
    await expect(
      updateBot(ana(), { botId: world.bots[0]!.id, webhookUrl: "http://localhost:4999/hook" }),
    ).rejects.toThrow(/needs a deployment started with ALLOW_LOOPBACK_WEBHOOKS=true/);
  });

  it("allowed by the server: the CLI's ping is delivered even from a process that says false", async () => {
    await recordServerSettings({ allow: true, recordedBy: "environment" });
    const res = await cli({ ALLOW_LOOPBACK_WEBHOOKS: "false", NODE_ENV: "production" }, "bot", "ping", world.bots[0]!.handle);
    expect(JSON.parse(res.stdout)).toMatchObject({ status: "succeeded", response_status: 200 });
    await receiver.waitFor(1);
  });
});
