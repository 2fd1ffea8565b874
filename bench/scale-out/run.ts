import { randomBytes } from "node:crypto";
import { deploy, type App, type Started } from "@/test/deployment";
import { openStream, postThroughMcp, signIn } from "@/test/person-client";
import { startReceiver } from "@/test/receiver";
import { fmt, percentile, UNTHROTTLED_FLAGS } from "../lib";

// bench/scale-out (issue 19): the production recipe on one PostgreSQL (PGVECTOR_TEST_URL's server when set, else an
// embedded one), two app processes and two workers (test/deployment.ts). A person's event stream is open on app B;
// a bot sends MESSAGES messages through app A at RATE per second; for each, the time to B's stream receiving its event,
// from A's 201 arriving (the commit is just before it, and the event often comes first: a lower bound) and from the
// request's start (an upper bound: the send's own time included). Then PERSON_MESSAGES person messages through the MCP server, half
// through each app, each one webhook delivery run by whichever worker takes it: every delivery must arrive, and the
// duplicates are counted. Prints p50 / p99, duplicates, and each process's resident memory (peak and at the end).

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const PERSON_MESSAGES = Number(process.env.BENCH_PERSON_MESSAGES ?? 200);
const now = () => performance.timeOrigin + performance.now();

async function main() {
  const deployment = await deploy({ name: "bench_scale" });
  const hook = await startReceiver();
  const peaks = new Map<string, number>();
  let processes: [string, Started][] = [];
  const sampler = setInterval(() => {
    for (const [name, started] of processes) peaks.set(name, Math.max(peaks.get(name) ?? 0, started.rssKb()));
  }, 200);
  try {
    const workers = [deployment.startWorker(), deployment.startWorker()];
    const [a, b] = (await Promise.all([deployment.startApp(), deployment.startApp()])) as [App, App];
    processes = [
      ["app A", a],
      ["app B", b],
      ["worker 1", workers[0]!],
      ["worker 2", workers[1]!],
    ];
    const world = await deployment.createWorld({
      title: "Bench",
      webhookUrl: `${hook.url}/hook`,
      token: true,
      settings: UNTHROTTLED_FLAGS,
    });
    const { conversationId } = world;
    const token = world.token!;
    const { email, password } = world.person;
    const bot = world.helper;

    // 1. Cross-instance live latency: sent through A, heard on B.
    const cookie = await signIn(a.base, email, password);
    const hear = async (app: App) => {
      const heard = new Map<number, number>();
      const url = `${app.base}/api/chat/conversations/${conversationId}/stream`;
      const stream = await openStream(url, cookie, (event, at) => {
        if (event.kind === "message" && event.seq !== undefined) heard.set(event.seq, at);
      });
      return { heard, stream };
    };
    // The person's stream on B; and on A, for comparison, the one process that wrote the message.
    const { heard, stream } = await hear(b);
    const { heard: heardOnA, stream: streamOnA } = await hear(a);
    const committed = new Map<number, { requested: number; answered: number }>();
    const started = performance.now();
    const sends: Promise<void>[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const wait = started + (i * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const requested = now();
      sends.push(
        fetch(`${a.base}/api/public/v1/conversations/${conversationId}/messages`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${bot.api_key}`,
            "content-type": "application/json",
            "idempotency-key": `scale-${i}`,
          },
          body: JSON.stringify({ body: `across ${i}` }),
        }).then(async (response) => {
          const answered = now();
          const text = await response.text();
          if (response.status !== 201) throw new Error(`send answered ${response.status}: ${text}`);
          committed.set((JSON.parse(text) as { data: { seq: number } }).data.seq, { requested, answered });
        }),
      );
    }
    await Promise.all(sends);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    stream.destroy();
    streamOnA.destroy();
    const fromAnswer: number[] = [];
    const fromRequest: number[] = [];
    const afterA: number[] = [];
    const sendItself = [...committed.values()].map((at) => at.answered - at.requested).sort((x, y) => x - y);
    let missing = 0;
    for (const [seq, at] of committed) {
      const arrived = heard.get(seq);
      if (arrived === undefined) missing++;
      else {
        fromAnswer.push(Math.max(0, arrived - at.answered));
        fromRequest.push(arrived - at.requested);
        const onA = heardOnA.get(seq);
        if (onA !== undefined) afterA.push(arrived - onA);
      }
    }
    fromAnswer.sort((x, y) => x - y);
    fromRequest.sort((x, y) => x - y);
    afterA.sort((x, y) => x - y);
    const line = (sorted: number[]) =>
      `p50 ${fmt(percentile(sorted, 50))} ms, p99 ${fmt(percentile(sorted, 99))} ms, max ${fmt(sorted.at(-1) ?? NaN)} ms`;

    // 2. Deliveries by two workers.
    const bodies = Array.from({ length: PERSON_MESSAGES }, (_, i) => `person ${i} ${randomBytes(3).toString("hex")}`);
    const deliveryStarted = performance.now();
    for (let i = 0; i < bodies.length; i += 10) {
      await Promise.all(
        bodies
          .slice(i, i + 10)
          .map((body, j) => postThroughMcp(((i + j) % 2 ? b : a).base, token, conversationId, body, i + j)),
      );
    }
    const mine = () => hook.received.filter((request) => bodies.some((body) => request.body.includes(body)));
    const deadline = Date.now() + 120_000;
    while (new Set(mine().map((r) => r.headers["x-service-delivery"])).size < bodies.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const allIn = (performance.now() - deliveryStarted) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 3000)); // late duplicates
    const requests = mine();
    const deliveries = new Set(requests.map((r) => r.headers["x-service-delivery"]));

    console.log(
      `\nbench/scale-out — two app processes and two workers on one PostgreSQL${process.env.PGVECTOR_TEST_URL ? " (PGVECTOR_TEST_URL's server)" : " (embedded)"}, ${new Date().toISOString()}\n`,
    );
    console.log(
      `live across processes: ${committed.size} messages sent through A at ${RATE}/s, ${fromAnswer.length} heard on B's stream (missing ${missing}); target p99 < 100 ms`,
    );
    console.log(`  A's 201 -> B's stream (lower bound): ${line(fromAnswer)}`);
    console.log(`  A's request -> B's stream (upper bound): ${line(fromRequest)}`);
    console.log(`  the send itself, A's request -> A's 201: ${line(sendItself)}`);
    console.log(`  B's stream minus A's stream, same event (${afterA.length}): ${line(afterA)}`);
    console.log(
      `deliveries by two workers: ${bodies.length} person messages through A and B, ${deliveries.size} delivered in ${fmt(allIn)} s; ${requests.length} requests, ${requests.length - deliveries.size} duplicates`,
    );
    console.log(`resident memory (peak / end):`);
    for (const [name, started] of processes)
      console.log(
        `  ${name}: ${Math.round((peaks.get(name) ?? 0) / 1024)} MB / ${Math.round(started.rssKb() / 1024)} MB`,
      );
  } finally {
    clearInterval(sampler);
    await hook.close();
    await deployment.teardown();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
