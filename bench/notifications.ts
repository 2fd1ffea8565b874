import { rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { createConversation } from "@/lib/conversations/create-conversation";
import { db, disconnectDb } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/db/setup";
import { sql } from "@/lib/db/sql";
import { sendMessage } from "@/lib/messages/send-message";
import { COALESCING } from "@/lib/notifications/schedule";
import { createPerson } from "@/lib/people/create-person";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { startPushService, type PushService } from "@/test/push-service";
import { fmt, percentile, startWorkerProcess, steady, stopProcess, UNTHROTTLED } from "./lib";

// bench/notifications (issue 18). On a fresh embedded database, with the job worker as its own process (as
// `npm run worker` runs it, SMTP_URL pointing at a real SMTP receiver in this process), a new bot whose every message
// is held:
//   1. first notice: BENCH_HOLDS (500) held messages at BENCH_RATE (10/s), each in its own conversation with its own
//      person: from each hold's commit to the receiver having the first email that lists it (p50 / p99);
//   2. burst: 100 holds at once in one conversation: how many emails one person gets until all 100 are listed (and
//      for BENCH_BURST_WAIT_S after), and when the first came;
//   3. (BENCH_STREAM=1) a stream: BENCH_STREAM_HOLDS (100) holds, one every 3 s, to one person: each hold's wait for
//      the first email listing it, coalesced by the 5-minute gap (about 10 minutes). An email lists at most 100
//      items (then "…and N more" with a link to the inbox), so the stream stays under that.
// Push: every person of phases 1 and 2 has one device, subscribed to a local push service (test/push-service.ts) that
// checks VAPID and decrypts each payload as a browser would: from each hold's commit to the first push the person's
// device receives (phase 1), and how many pushes the member's device gets for the burst (phase 2).
// Prints the figures; record them in bench/RESULTS.md. `npm run bench:notifications`.

const HOLDS = Number(process.env.BENCH_HOLDS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const BURST = 100;
const BURST_WAIT_S = Number(process.env.BENCH_BURST_WAIT_S ?? 15);
const STREAM = process.env.BENCH_STREAM === "1";
const STREAM_HOLDS = Number(process.env.BENCH_STREAM_HOLDS ?? 100);
const STREAM_RATE = Number(process.env.BENCH_STREAM_RATE ?? 1 / 3);
const DATA_DIR = path.join("bench", "out", "notifications");
const now = () => performance.timeOrigin + performance.now();

interface Arrival {
  at: number;
  to: string;
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that only records (parsing waits until the measuring is over). */
async function smtpReceiver() {
  const arrivals: Arrival[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        arrivals.push({
          at: now(),
          to: session.envelope.rcptTo[0]?.address ?? "",
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return { url, arrivals, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The holds each email lists (its plain-text part links `#draft-<id>`), with when it arrived and to whom. */
async function listed(arrivals: Arrival[]) {
  const mails = [];
  for (const arrival of arrivals) {
    const parsed = await simpleParser(arrival.raw);
    const ids = [...(parsed.text ?? "").matchAll(/#draft-([0-9a-f-]{36})/g)].map((m) => m[1]!);
    mails.push({ at: arrival.at, to: arrival.to, ids });
  }
  return mails;
}

/** Per hold, the first arrival of an email listing it, minus its commit. */
function firstNotice(committed: Map<string, number>, mails: { at: number; ids: string[] }[]) {
  const first = new Map<string, number>();
  for (const mail of mails) for (const id of mail.ids) if (!first.has(id)) first.set(id, mail.at);
  const waits = [...committed].filter(([id]) => first.has(id)).map(([id, t]) => first.get(id)! - t);
  const sorted = waits.sort((a, b) => a - b);
  return {
    n: sorted.length,
    missing: committed.size - sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}

async function until(probe: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Gives the person one device on the local push service; returns its endpoint. */
async function subscribe(pushService: PushService, userId: string): Promise<string> {
  const { subscription } = pushService.browser();
  await db().pushSubscription.create({
    data: { userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
  });
  return subscription.endpoint;
}

/** When each endpoint first received a push the service could verify and decrypt. */
function firstPushes(pushService: PushService): Map<string, number> {
  const first = new Map<string, number>();
  for (const delivery of pushService.deliveries) {
    if (delivery.problem !== null || delivery.payload === null) continue;
    if (!first.has(delivery.endpoint)) first.set(delivery.endpoint, delivery.at);
  }
  return first;
}

async function hold(bot: BotPrincipal, conversationId: string, body: string): Promise<[string, number]> {
  const result = await sendMessage(bot, { conversationId, input: { body, blocks: undefined } });
  if (result.status !== "pending_approval") throw new Error(`expected a hold, got ${result.status}`);
  return [result.approvalId, now()];
}

async function main() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  process.env.DATA_DIR = DATA_DIR;
  process.env.DATABASE_URL = "";
  const ready = await prepareDatabase();
  const smtp = await smtpReceiver();
  const pushService = await startPushService();
  const world: SeededWorld = await seedWorld({ settings: { dailyLimit: 1_000_000, ...UNTHROTTLED } });
  const bot = (await authenticateBot(world.bots[1]!.api_key))!; // the seed's new bot: everything it sends is held

  // Phase 1's people: each alone with the bot in a conversation of their own (the workspace's admin sees them all).
  const people: { id: string; conversationId: string; endpoint: string }[] = [];
  for (let i = 0; i < HOLDS; i++) {
    const created = await createPerson({
      email: `p${i}@bench.relay.test`,
      name: `Person ${i}`,
      handle: `p${i}.bench`,
      workspaceId: world.workspace.id,
    });
    const conversation = await createConversation(person(created.id, "cli"), {
      workspaceId: world.workspace.id,
      title: `Bench ${i}`,
      botIds: [bot.id],
    });
    people.push({ id: created.id, conversationId: conversation.id, endpoint: await subscribe(pushService, created.id) });
  }
  const benEndpoint = await subscribe(pushService, world.people[1]!.id);
  await sql().unchecked(`DELETE FROM graphile_worker._private_jobs`);
  const worker = await startWorkerProcess(ready.url, {
    DATA_DIR,
    SMTP_URL: smtp.url,
    EMAIL_FROM: "Relay <bench@relay.test>",
  });

  // 1. First notice, each hold the first of its person's window.
  const committed = new Map<string, number>();
  const endpointOf = new Map<string, string>();
  const fellBehind = await steady(HOLDS, RATE, async (i) => {
    const [id, at] = await hold(bot, people[i]!.conversationId, `Bench hold ${i}`);
    committed.set(id, at);
    endpointOf.set(id, people[i]!.endpoint);
  });
  await until(() => firstPushes(pushService).size >= HOLDS, 120_000, "phase 1's pushes");
  const firstPush = firstPushes(pushService);
  const pushed = new Map([...endpointOf].map(([id, endpoint]) => [id, firstPush.get(endpoint)!] as const));
  const refusedPushes = pushService.deliveries.filter((d) => d.problem !== null).length;
  await until(
    () => smtp.arrivals.filter((a) => a.to.endsWith("@bench.relay.test")).length >= HOLDS,
    120_000,
    "phase 1's emails",
  );
  const phase1 = firstNotice(committed, await listed(smtp.arrivals));
  const adminMails = smtp.arrivals.filter((a) => a.to === world.people[0]!.email).length;

  // 2. A burst of 100 holds in one conversation (Ana, the admin, and Ben, a member, take part).
  const ben = world.people[1]!;
  const burstConversation = world.conversations[0]!.id;
  smtp.arrivals.length = 0;
  const pushesBefore = pushService.deliveries.length;
  const burst = new Map<string, number>();
  const burstStarted = now();
  for (let i = 0; i < BURST; i++) {
    const [id, at] = await hold(bot, burstConversation, `Burst hold ${i}`);
    burst.set(id, at);
  }
  const burstSeconds = (now() - burstStarted) / 1000;
  const listedToBen = async () =>
    new Set((await listed(smtp.arrivals.filter((a) => a.to === ben.email))).flatMap((m) => m.ids));
  const deadline = Date.now() + 400_000;
  while ((await listedToBen()).size < BURST && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  const allListedAt = now();
  await new Promise((resolve) => setTimeout(resolve, BURST_WAIT_S * 1000));
  const benMails = await listed(smtp.arrivals.filter((a) => a.to === ben.email));
  const benPushes = pushService.deliveries.slice(pushesBefore).filter((d) => d.endpoint === benEndpoint).length;
  const burstFirst = firstNotice(burst, benMails);

  // 3. A stream to one person, coalesced by the gap (optional: about six minutes).
  let stream: ReturnType<typeof firstNotice> | null = null;
  let streamMails = 0;
  if (STREAM) {
    smtp.arrivals.length = 0;
    const streamed = new Map<string, number>();
    await steady(STREAM_HOLDS, STREAM_RATE, async (i) => {
      const [id, at] = await hold(bot, world.conversations[2]!.id, `Stream hold ${i}`);
      streamed.set(id, at);
    });
    const streamDeadline = Date.now() + 2 * COALESCING.email.gapMs + 60_000;
    const toBen = async () => listed(smtp.arrivals.filter((a) => a.to === ben.email));
    while (new Set((await toBen()).flatMap((m) => m.ids)).size < STREAM_HOLDS && Date.now() < streamDeadline)
      await new Promise((r) => setTimeout(r, 500));
    const mails = await toBen();
    streamMails = mails.length;
    stream = firstNotice(streamed, mails);
  }

  await stopProcess(worker);
  await smtp.close();
  await pushService.close();

  const { email, push } = COALESCING;
  console.log(
    `\nbench/notifications — ${HOLDS} holds at ${RATE}/s; email gather ${email.gatherMs / 1000} s, gap ${email.gapMs / 1000} s; push gather ${push.gatherMs / 1000} s, gap ${push.gapMs / 1000} s; ${new Date().toISOString()}\n`,
  );
  console.log("| measure | n | p50 ms | p99 ms | max ms |");
  console.log("|---|---|---|---|---|");
  console.log(
    `| held message commit -> SMTP receiver has the first email listing it (each hold its person's first) | ${phase1.n} | ${fmt(phase1.p50, 0)} | ${fmt(phase1.p99, 0)} | ${fmt(phase1.max, 0)} |`,
  );
  console.log(
    `| burst of ${BURST}: commit -> the member's first email listing it | ${burstFirst.n} | ${fmt(burstFirst.p50, 0)} | ${fmt(burstFirst.p99, 0)} | ${fmt(burstFirst.max, 0)} |`,
  );
  if (stream)
    console.log(
      `| stream of ${STREAM_HOLDS}, one every ${fmt(1 / STREAM_RATE, 0)} s, to one person: commit -> first email listing it | ${stream.n} | ${fmt(stream.p50, 0)} | ${fmt(stream.p99, 0)} | ${fmt(stream.max, 0)} |`,
    );
  const waits = [...committed]
    .filter(([id]) => pushed.has(id))
    .map(([id, t]) => pushed.get(id)! - t)
    .sort((a, b) => a - b);
  console.log(
    `| held message commit -> push receiver, verified and decrypted (each hold its person's first) | ${waits.length} | ${fmt(percentile(waits, 50), 0)} | ${fmt(percentile(waits, 99), 0)} | ${fmt(waits.at(-1) ?? NaN, 0)} |`,
  );
  console.log(
    `\nphase 1: ${phase1.missing} holds never listed; the admin, told of all ${HOLDS}, got ${adminMails} emails`,
  );
  console.log(`push: ${refusedPushes} pushes the push service refused (bad VAPID or undecryptable) in phase 1`);
  console.log(`burst: the member's device got ${benPushes} push(es) for the ${BURST} holds`);
  console.log(
    `burst: ${BURST} holds committed in ${burstSeconds.toFixed(2)} s; the member got ${benMails.length} email(s) for them (${BURST_WAIT_S} s after all were listed: ${((allListedAt - burstStarted) / 1000).toFixed(1)} s after the first commit); emails list ${benMails.map((m) => m.ids.length).join(" + ")} holds`,
  );
  if (stream)
    console.log(
      `stream: ${streamMails} email(s) to the one person for ${STREAM_HOLDS} holds; ${stream.missing} never listed`,
    );
  if (fellBehind) console.log(`note: the load generator fell behind the rate ${fellBehind} times`);
  await disconnectDb();
  await ready.embedded?.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
