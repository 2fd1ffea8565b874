import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { expect, test } from "@playwright/test";
import type { SeededWorld } from "@/lib/seed/seed-world";
import { cli } from "../fixtures";

// The example bot (examples/echo-bot) as a real, separate process, built on the SDK: a person's message reaches it
// as a signed webhook from the app's own job worker, and its reply comes back through the bot API.

let echo: ChildProcess | null = null;
test.afterEach(() => {
  echo?.kill("SIGTERM");
  echo = null;
});

async function startEchoBot(env: Record<string, string>): Promise<string> {
  echo = spawn(process.execPath, ["--import", "tsx", "examples/echo-bot/server.ts"], {
    env: { ...process.env, PORT: "0", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: echo.stdout! });
  for await (const line of lines) {
    const parsed = JSON.parse(line) as { listening?: string };
    if (parsed.listening) return parsed.listening;
  }
  throw new Error("the echo bot did not start");
}

test("the example bot answers a person's message through signed webhooks", async ({ request, baseURL }) => {
  const world = cli("seed", "--json") as SeededWorld;
  const bot = world.bots[0]!; // established; the one bot in conversations[1]
  const conversationId = world.conversations[1]!.id;
  const url = await startEchoBot({ RELAY_URL: baseURL!, RELAY_API_KEY: bot.api_key, RELAY_SIGNING_SECRET: bot.signing_secret });
  cli("bot", "update", bot.handle, "--webhook-url", url);

  const ping = cli("bot", "ping", bot.handle) as { status: string; response_status: number };
  expect(ping).toMatchObject({ status: "succeeded", response_status: 200 });

  cli("message", "post", "--conversation", conversationId, "--body", "Is anyone there?", "--as", world.people[0]!.email);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/public/v1/conversations/${conversationId}/messages?limit=200`, { headers: { authorization: `Bearer ${bot.api_key}` } });
        const { data } = (await res.json()) as { data: { body: string; sender_bot_id: string | null }[] };
        return data.filter((m) => m.sender_bot_id === bot.id).map((m) => m.body);
      },
      { timeout: 15_000 },
    )
    .toContain("Echo: Is anyone there?");

  const deliveries = cli("deliveries", "list", "--bot", bot.handle, "--event", "message.created") as { data: { status: string }[] };
  expect(deliveries.data.map((d) => d.status)).toEqual(["succeeded"]);
});

test("a webhook URL that is not https is refused with a clear message", async () => {
  const world = cli("seed", "--json") as SeededWorld;
  expect(() => cli("bot", "update", world.bots[0]!.handle, "--webhook-url", "http://bots.example.com/hook")).toThrow(/Webhook URL must use https/);
});
