import path from "node:path";
import { builtServerCli as cli, demoCredentials } from "../../scripts/built-server";
import { openStream, signIn } from "@/test/person-client";
import { fmt, percentile, request, rssOf, startApp, UNTHROTTLED_FLAGS } from "../lib";

// bench/chat-live (issue 4): 50 people's pages open on one conversation (server-sent events), a bot sending 20
// messages/s into it for 10 s. For every message and every stream: from the message's commit (the bot's 201
// arrives just after it) to that stream receiving its event. Prints p50 / p99 and the server's peak RSS.

const STREAMS = 50;
const RATE = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 3212;
const DATA_DIR = path.join("bench", "out", "chat-live");
const now = () => performance.timeOrigin + performance.now();

async function main() {
  const app = await startApp(PORT, DATA_DIR);
  let peakRss = 0;
  const sampler = setInterval(
    () =>
      (peakRss = Math.max(
        peakRss,
        rssOf((cmd) => cmd.startsWith("next-server") || /next\/dist\/bin\/next start/.test(cmd)),
      )),
    200,
  );
  try {
    const world = demoCredentials(DATA_DIR);
    await cli(DATA_DIR, "workspace", "settings", world.workspace.slug, ...UNTHROTTLED_FLAGS);
    const bot = world.bots[0]!; // established: its messages are sent at once
    const conversationId = world.conversations[1]!.id;
    const cookie = await signIn(app.url, world.people[0]!.email, world.people[0]!.password);

    const received = new Map<number, number[]>(); // seq -> arrival time per stream
    const streams = [];
    for (let i = 0; i < STREAMS; i++) {
      streams.push(
        await openStream(`${app.url}/api/chat/conversations/${conversationId}/stream`, cookie, (event, at) => {
          if (event.kind !== "message" || event.seq === undefined) return;
          const list = received.get(event.seq) ?? [];
          list.push(at);
          received.set(event.seq, list);
        }),
      );
    }

    const committed = new Map<number, number>();
    const total = RATE * SECONDS;
    const started = performance.now();
    const sends: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const wait = started + (i * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sends.push(
        request(`${app.url}/api/public/v1/conversations/${conversationId}/messages`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${bot.api_key}`,
            "content-type": "application/json",
            "idempotency-key": `live-${Date.now()}-${i}`,
          },
          body: JSON.stringify({ body: `live message ${i}` }),
        }).then((res) => {
          const at = now();
          if (res.status !== 201) throw new Error(`send answered ${res.status}: ${res.body}`);
          committed.set((JSON.parse(res.body) as { data: { seq: number } }).data.seq, at);
        }),
      );
    }
    await Promise.all(sends);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const stream of streams) stream.destroy();

    const latencies: number[] = [];
    let missing = 0;
    for (const [seq, at] of committed) {
      const arrivals = received.get(seq) ?? [];
      missing += STREAMS - arrivals.length;
      for (const t of arrivals) latencies.push(Math.max(0, t - at));
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `\nbench/chat-live — ${STREAMS} streams on one conversation, a bot sending ${RATE}/s for ${SECONDS} s, ${new Date().toISOString()}\n`,
    );
    console.log(`messages: ${committed.size}; deliveries to streams: ${latencies.length} (missing ${missing})`);
    console.log(
      `commit -> stream: p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms, max ${fmt(latencies.at(-1) ?? NaN)} ms (target p99 < 150 ms)`,
    );
    console.log(`peak RSS: app server ${Math.round(peakRss / 1024)} MB`);
  } finally {
    clearInterval(sampler);
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
