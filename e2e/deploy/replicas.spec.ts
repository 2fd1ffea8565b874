import { expect, test } from "@playwright/test";
import { deploy, type App, type Deployment, type Started } from "@/test/deployment";
import { openStream, signIn, type LiveEvent } from "@/test/person-client";
import { replicaPairMissing } from "@/test/replica-pair";

// Past one database server (issue 37, item 3; docs/decisions/043 and 044): a PostgreSQL 15 primary and its streaming
// replica (pg_basebackup), PgBouncer in transaction mode in front of the primary, two app servers and a worker, the
// replica in DATABASE_READ_URLS. A bot sends through app A and lists through app B, so its own write must be seen by
// another process's read; the replica is paused and killed under it; a person's page on B shows A's sends, read on the
// replica, and their stream on B hears them.

const missing = replicaPairMissing();
test.skip(missing !== null, missing ?? "");
test.describe.configure({ mode: "serial", timeout: 240_000 });

let deployment: Deployment;
let a: App;
let b: App;
let worker: Started;
let helper: { id: string; api_key: string };
let conversationId: string;
let person: string;
let workspace: string;
let password: string;
let n = 0;
let after = 0;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  deployment = await deploy({ name: "replicas", pooler: true, replica: true });
  worker = deployment.startWorker();
  [a, b] = await Promise.all([deployment.startApp(), deployment.startApp()]);
  const world = await deployment.createWorld({
    title: "Replicas",
    webhookUrl: "http://127.0.0.1:9/hook",
    settings: ["--daily-limit", "100000", "--rate-per-second", "1000", "--rate-burst", "1000"],
  });
  ({ helper, conversationId, workspace } = world);
  ({ email: person, password } = world.person);
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const [name, started] of Object.entries({ "app-a": a, "app-b": b, worker })) {
    if (started) await testInfo.attach(name, { body: started.log().slice(-20_000), contentType: "text/plain" });
  }
});

test.afterAll(async () => {
  await deployment?.teardown();
});

/** Sends through A, lists through B: B's list must hold the message. Returns the two statuses. */
async function cycle(): Promise<[number, number]> {
  const sent = await fetch(`${a.base}/api/public/v1/conversations/${conversationId}/messages`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${helper.api_key}`,
      "content-type": "application/json",
      "idempotency-key": `replica-${Date.now()}-${++n}`,
    },
    body: JSON.stringify({ body: `Cycle ${n}` }),
  });
  const sentBody = (await sent.json()) as { data?: { id: string } };
  const listed = await fetch(`${b.base}/api/public/v1/conversations/${conversationId}/messages?after_seq=${after}`, {
    headers: { authorization: `Bearer ${helper.api_key}` },
  });
  const page = (await listed.json()) as { data?: { id: string }[]; next_after_seq?: number };
  if (sent.status === 201 && listed.status === 200) {
    expect(page.data!.map((m) => m.id)).toContain(sentBody.data!.id);
    after = page.next_after_seq!;
  }
  return [sent.status, listed.status];
}

/** A counter of both apps' metrics, summed: `relay_db_reads_total{target="replica"}` and the like. */
async function counted(name: string, label: string): Promise<number> {
  let total = 0;
  for (const app of [a, b]) {
    const text = await (
      await fetch(`${app.base}/api/metrics`, { headers: { authorization: `Bearer ${deployment.environment.METRICS_TOKEN}` } })
    ).text();
    const line = new RegExp(`^${name}\\{${label}\\} (\\d+)`, "m").exec(text);
    total += Number(line?.[1] ?? 0);
  }
  return total;
}

test("1,000 cycles of a bot's send through A and list through B: each list holds the message just sent", async () => {
  const before = await counted("relay_db_reads_total", 'target="replica"');
  for (let i = 0; i < 1000; i++) expect(await cycle()).toEqual([201, 200]);
  const onReplica = (await counted("relay_db_reads_total", 'target="replica"')) - before;
  const waited = await counted("relay_db_read_fallbacks_total", 'reason="behind"');
  console.log(
    `[replicas] 1,000 cycles: ${onReplica} lists on the replica, ${1000 - onReplica} on the primary (${waited} of them after waiting 50 ms for its replay)`,
  );
  expect(onReplica).toBeGreaterThan(500);
  // The apps reached the primary through the pooler.
  expect(await deployment.pooledTransactions()).toBeGreaterThan(2000);
});

test("with the replica's replay paused, lists move to the primary and nothing fails", async () => {
  await deployment.replica!.query("SELECT pg_wal_replay_pause()");
  try {
    const behind = await counted("relay_db_read_fallbacks_total", 'reason="behind"');
    for (let i = 0; i < 20; i++) expect(await cycle()).toEqual([201, 200]);
    expect((await counted("relay_db_read_fallbacks_total", 'reason="behind"')) - behind).toBeGreaterThanOrEqual(20);
  } finally {
    await deployment.replica!.query("SELECT pg_wal_replay_resume()");
  }
});

test("the replica killed under load: no request fails, and reads come back to it once it is started again", async () => {
  const statuses: number[] = [];
  const load = (async () => {
    for (let i = 0; i < 200; i++) statuses.push(...(await cycle()));
  })();
  await new Promise((resolve) => setTimeout(resolve, 300));
  deployment.replica!.kill();
  await load;
  expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
  deployment.replica!.start();
  const before = await counted("relay_db_reads_total", 'target="replica"');
  await expect
    .poll(
      async () => {
        await cycle();
        return (await counted("relay_db_reads_total", 'target="replica"')) - before;
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBeGreaterThan(0);
});

test("a person's page on app B shows each message a bot sent through A, its lists read on the replica", async () => {
  const cookie = await signIn(a.base, person, password);
  let onReplica = 0;
  for (let i = 0; i < 20; i++) {
    expect((await cycle())[0]).toBe(201);
    const before = await counted("relay_db_reads_total", 'target="replica"');
    const page = await fetch(`${b.base}/chat/${workspace}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    // The conversation list's preview: the message just sent, though another process wrote it.
    expect(await page.text()).toContain(`Cycle ${n}`);
    onReplica += (await counted("relay_db_reads_total", 'target="replica"')) - before;
  }
  console.log(`[replicas] 20 chat pages after a bot's send: ${onReplica} page reads on the replica`);
  expect(onReplica).toBeGreaterThanOrEqual(10);
});

test("a person's stream on app B hears a bot's message sent through app A", async () => {
  const cookie = await signIn(a.base, person, password);
  const events: LiveEvent[] = [];
  const stream = await openStream(`${b.base}/api/chat/conversations/${conversationId}/stream`, cookie, (event) =>
    events.push(event),
  );
  try {
    // Sent until one is heard: the stream's headers go out before its subscription is in place (lib/http/sse.ts
    // subscribes in the body's start), so a message sent at that very moment is not on the stream.
    await expect
      .poll(
        async () => {
          expect((await cycle())[0]).toBe(201);
          return events.filter((e) => e.kind === "message" && e.conversation_id === conversationId).length;
        },
        { timeout: 15_000, intervals: [250] },
      )
      .toBeGreaterThan(0);
  } finally {
    stream.destroy();
  }
});
