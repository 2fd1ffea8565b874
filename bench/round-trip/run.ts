import { spawn } from "node:child_process";
import path from "node:path";
import { builtServerCli, demoCredentials } from "../../scripts/built-server";
import { openStream, signIn } from "@/test/person-client";
import { fmt, percentile, pssOfTree, request, startApp, stopProcess, UNTHROTTLED_FLAGS } from "../lib";

// bench:round-trip (issue 23, item 5): what a person feels. 50 conversations, each with Ana posting once a second
// (through the MCP server, as her assistant would; the chat's own post is a server action) and the example echo bot
// (examples/echo-bot, a separate process on the SDK) answering every message through the API. Per message: from the
// person's commit (the earlier of her post's answer and her own message's event on her stream) to the bot's reply
// (the next seq of that conversation) arriving on her stream. The app as `npm start` ships it: embedded database,
// job worker and sentence encoder in the launcher. Targets: p50 < 15 ms, p99 < 60 ms.

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** The first seconds warm the server (JIT, pools, the bot's connections): run, not counted. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const PORT = 3213;
const BOT_PORT = 3214;
const DATA_DIR = path.join("bench", "out", "round-trip");
const now = () => performance.timeOrigin + performance.now();

/** At most `limit` of `work` at a time (the CLI starts a process per call). */
async function inBatches<T>(count: number, limit: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await work(i);
      }
    }),
  );
  return out;
}

async function main() {
  const app = await startApp(PORT, DATA_DIR);
  const world = demoCredentials(DATA_DIR);
  const ana = world.people[0]!;
  const helper = world.bots[0]!; // established: its replies are sent at once
  const cli = (...args: string[]) =>
    builtServerCli(DATA_DIR, ...args, "--as", ana.email) as Promise<Record<string, unknown>>;
  const bot = spawn(process.execPath, ["--import", "tsx", "examples/echo-bot/server.ts"], {
    env: {
      ...process.env,
      PORT: String(BOT_PORT),
      RELAY_URL: app.url,
      RELAY_API_KEY: helper.api_key,
      RELAY_SIGNING_SECRET: helper.signing_secret,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let botLines = 0;
  let botErrors = 0;
  bot.stdout!.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n").filter(Boolean)) {
      botLines++;
      if (line.includes('"error"')) botErrors++;
    }
  });
  try {
    await cli("workspace", "settings", world.workspace.slug, "--daily-limit", "100000", "--conversation-limit", "off", ...UNTHROTTLED_FLAGS);
    await cli(
      "bot",
      "update",
      "helper",
      "--webhook-url",
      `http://127.0.0.1:${BOT_PORT}/webhook`,
      "--events",
      "message.created",
    );
    const token = (
      await cli("token", "create", "--workspace", world.workspace.slug, "--name", "round-trip", "--scope", "write")
    ).token as string;
    const conversations = await inBatches(CONVERSATIONS, 6, async (i) => {
      const made = await cli(
        "conversation",
        "create",
        "--workspace",
        world.workspace.slug,
        "--title",
        `Round trip ${i}`,
        "--bot",
        "helper",
      );
      return made.id as string;
    });
    const cookie = await signIn(app.url, ana.email, ana.password);

    // Per conversation: when each seq arrived on Ana's stream.
    const arrivals = new Map<string, Map<number, number>>();
    const waiting = new Map<string, (seq: number, at: number) => void>();
    const streams = await Promise.all(
      conversations.map((id) => {
        arrivals.set(id, new Map());
        return openStream(`${app.url}/api/chat/conversations/${id}/stream`, cookie, (event, at) => {
          if (event.kind !== "message" || event.seq === undefined) return;
          arrivals.get(id)!.set(event.seq, at);
          waiting.get(id)?.(event.seq, at);
        });
      }),
    );

    const roundTrips: number[] = [];
    let missing = 0;
    let postErrors = 0;
    // The app as shipped, with everything it started: launcher (job worker, encoder), Next server, PostgreSQL.
    let rssPeak = 0;
    const rssNow = () => pssOfTree(app.process.pid!);
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssNow())), 500);
    const started = performance.now();
    const mcpHeaders = {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };
    // Each conversation posts once a second, the 50 spread over the second.
    await Promise.all(
      conversations.map(async (id, c) => {
        for (let i = 0; i < SECONDS; i++) {
          const due = started + i * 1000 + (c * 1000) / conversations.length;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          const body = JSON.stringify({
            jsonrpc: "2.0",
            id: i,
            method: "tools/call",
            params: { name: "post_message", arguments: { conversation_id: id, body: `round trip ${c}.${i}` } },
          });
          const answered = await request(`${app.url}/api/mcp`, { method: "POST", headers: mcpHeaders, body }).catch(
            () => null,
          );
          const answeredAt = now();
          const seq = Number(/\\"seq\\":\s*(\d+)/.exec(answered?.body ?? "")?.[1] ?? NaN);
          if (!answered || answered.status !== 200 || !Number.isInteger(seq)) {
            if (postErrors++ === 0) console.error("post failed:", answered?.status, answered?.body.slice(0, 400));
            continue;
          }
          const reply = await new Promise<number | null>((resolve) => {
            const seen = arrivals.get(id)!.get(seq + 1);
            if (seen !== undefined) return resolve(seen);
            const timer = setTimeout(() => (waiting.delete(id), resolve(null)), 5000);
            waiting.set(id, (s, at) => {
              if (s !== seq + 1) return;
              clearTimeout(timer);
              waiting.delete(id);
              resolve(at);
            });
          });
          if (reply === null) {
            missing++;
            continue;
          }
          const committed = Math.min(answeredAt, arrivals.get(id)!.get(seq) ?? Infinity);
          if (i >= WARMUP_SECONDS) roundTrips.push(reply - committed);
        }
      }),
    );
    clearInterval(sampler);
    for (const s of streams) s.destroy();
    roundTrips.sort((a, b) => a - b);
    const line = [
      `round trip (person's commit -> bot's reply on her stream), ${conversations.length} conversations x 1 msg/s x ${SECONDS} s (the first ${WARMUP_SECONDS} s not counted):`,
      `${roundTrips.length} replies, ${missing} missing after 5 s, ${postErrors} post errors, bot logged ${botLines} lines (${botErrors} errors)`,
      `p50 ${fmt(percentile(roundTrips, 50))} ms, p95 ${fmt(percentile(roundTrips, 95))} ms, p99 ${fmt(percentile(roundTrips, 99))} ms, max ${fmt(roundTrips.at(-1) ?? NaN)} ms`,
      `app memory peak (PSS of the launcher, the Next server and the embedded PostgreSQL) ${fmt(rssPeak / 1024, 0)} MB`,
    ];
    console.log(line.join("\n"));
  } finally {
    await stopProcess(bot);
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
