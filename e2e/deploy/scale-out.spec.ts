import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startBalancer, type Balancer } from "@/test/balancer";
import { deploy, type App, type Deployment, type Started } from "@/test/deployment";
import { openStream, postThroughMcp, signIn, type LiveEvent } from "@/test/person-client";
import { startReceiver, type Receiver } from "@/test/receiver";

// Scale-out on one PostgreSQL (issue 19; docs/guides/operators.md "Deploying" → scaling): two app processes on two
// ports and two workers, deployed by the production recipe (test/deployment.ts) on one database (CI's PostgreSQL 15
// through PGVECTOR_TEST_URL, else an embedded server), with a load balancer in front (test/balancer.ts) at APP_URL.
// As a team past one server runs it: DATABASE_URL through PgBouncer in transaction mode, DATABASE_DIRECT_URL the
// database for migrations, LISTEN and the job runner (docs/decisions/043-behind-a-pooler.md).
// Everything that must be one system across processes lives in the database (idempotency, limits, live notices by
// LISTEN/NOTIFY, job locks): each test sends through one app and looks through the other. Timings are measured by
// `npm run bench:scale-out`, not asserted here.

test.describe.configure({ mode: "serial", timeout: 180_000 });

let deployment: Deployment;
let balancer: Balancer;
let a: App;
let b: App;
let workers: Started[];
let hook: Receiver;

let person: string;
let password: string;
let workspace: string;
let helper: { id: string; api_key: string };
let planner: { id: string; api_key: string };
let conversationId: string;
let token: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // One hop in front of the apps (the balancer) is the operator's setting; this balancer passes TCP through and adds
  // no X-Forwarded-For, so a direct request's own header stands for the address a real proxy would have written.
  deployment = await deploy({ name: "scale", environment: { TRUST_PROXY_HOPS: "1" }, pooler: true });
  workers = [deployment.startWorker(), deployment.startWorker()];
  [a, b] = await Promise.all([deployment.startApp(), deployment.startApp()]);
  balancer = await startBalancer(deployment.publicPort, [a.port, b.port]);
  hook = await startReceiver();

  const world = await deployment.createWorld({
    title: "Two apps",
    webhookUrl: `${hook.url}/hook`,
    planner: true,
    token: true,
  });
  ({ workspace, helper, conversationId } = world);
  ({ email: person, password } = world.person);
  planner = world.planner!;
  token = world.token!;
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  const logs = { "app-a": a, "app-b": b, "worker-1": workers?.[0], "worker-2": workers?.[1] };
  for (const [name, started] of Object.entries(logs)) {
    if (started) await testInfo.attach(name, { body: started.log().slice(-20_000), contentType: "text/plain" });
  }
});

test.afterAll(async () => {
  await balancer?.close();
  await hook?.close();
  await deployment?.teardown();
});

let n = 0;
const key = () => `scale-${Date.now()}-${++n}`;

async function send(app: App, apiKey: string, body: string, idempotencyKey = key(), forwardedFor?: string) {
  const response = await fetch(`${app.base}/api/public/v1/conversations/${conversationId}/messages`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${apiKey}`,
      "content-type": "application/json",
      "idempotency-key": idempotencyKey,
      ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
    },
    body: JSON.stringify({ body }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: { id: string; seq: number; reasons?: string[] };
      error?: { code: string };
    },
  };
}

/** The gauge of one app's open event streams, from its metrics endpoint. */
async function openStreamsOn(app: App): Promise<number> {
  const text = await (
    await fetch(`${app.base}/api/metrics`, {
      headers: { authorization: `Bearer ${deployment.environment.METRICS_TOKEN}` },
    })
  ).text();
  return Number(/^relay_sse_streams_open (\d+)/m.exec(text)?.[1] ?? NaN);
}

async function signedInPage(browser: Browser, origin: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto(path);
  await page.getByLabel("Email").fill(person);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  if (!page.url().startsWith(origin)) await page.goto(path); // next-auth sends people back to APP_URL
  return page;
}

test("both apps are ready on one database, with two workers beating", async () => {
  for (const app of [a, b]) {
    const ready = await fetch(`${app.base}/api/ready`);
    expect(ready.status).toBe(200);
  }
  const beating = await deployment.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM worker_heartbeats WHERE beat_at > now() - interval '1 minute'",
  );
  expect(beating[0]!.n).toBe(2);
  // The apps and workers reached the database through the pooler (the release step, world and heartbeats direct).
  expect(await deployment.pooledTransactions()).toBeGreaterThan(0);
});

test("a person's stream on app B hears a bot's message sent through app A, and a held one", async () => {
  const cookie = await signIn(a.base, person, password); // a session made on A holds on B: one secret, one database
  const events: LiveEvent[] = [];
  const stream = await openStream(`${b.base}/api/chat/conversations/${conversationId}/stream`, cookie, (event) =>
    events.push(event),
  );
  try {
    const sent = await send(a, helper.api_key, "Sent through A");
    expect(sent.status).toBe(201);
    const held = await send(a, planner.api_key, "Held through A");
    expect(held.status).toBe(202);
    await expect
      .poll(() => events, { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([
          { conversation_id: conversationId, kind: "message", seq: sent.body.data!.seq },
          { conversation_id: conversationId, kind: "draft" },
        ]),
      );
  } finally {
    stream.destroy();
  }
});

test("one Idempotency-Key sent to A and B at the same moment makes one message", async () => {
  for (let round = 0; round < 10; round++) {
    const same = key();
    const body = `Once only ${same}`;
    const answers = await Promise.all([send(a, helper.api_key, body, same), send(b, helper.api_key, body, same)]);
    const statuses = answers.map((answer) => answer.status).sort();
    // Both finished in turn (the second replays the first's 201), or they overlapped (the second is told so).
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    for (const answer of answers) {
      if (answer.status === 409) expect(answer.body.error!.code).toBe("idempotency_request_in_progress");
    }
    const ids = new Set(answers.filter((answer) => answer.status === 201).map((answer) => answer.body.data!.id));
    expect(ids.size).toBe(1);
    const written = await deployment.query<{ n: number }>("SELECT count(*)::int AS n FROM messages WHERE body = $1", [
      body,
    ]);
    expect(written[0]!.n).toBe(1);
  }
});

test("rate limits count across both apps: a bot's daily limit, and the lockout of an address guessing keys", async () => {
  // A workspace of its own whose daily limit is 12: 20 sends split over A and B and over two conversations, four at
  // a time (the bot's sending lock, taken in the database, holds the count across conversations and processes).
  const slug = `limits-${randomBytes(3).toString("hex")}`;
  await deployment.cli("workspace", "create", "--slug", slug, "--name", "Limits");
  await deployment.cli("workspace", "settings", slug, "--daily-limit", "12");
  const bot = (await deployment.cli(
    "bot",
    "create",
    "--workspace",
    slug,
    "--handle",
    "counter",
    "--name",
    "Counter",
    "--established",
  )) as { api_key: string };
  await deployment.cli(
    "person",
    "create",
    "--workspace",
    slug,
    "--email",
    `ida.${slug}@example.com`,
    "--name",
    "Ida",
    "--handle",
    "ida",
    "--password",
    password,
  );
  const conversations = await Promise.all(
    ["Counted 1", "Counted 2"].map(
      async (title) =>
        (
          await deployment.cli(
            "conversation",
            "create",
            "--workspace",
            slug,
            "--as",
            `ida.${slug}@example.com`,
            "--title",
            title,
            "--bot",
            "counter",
          )
        ).id as string,
    ),
  );
  const post = (app: App, i: number) =>
    fetch(`${app.base}/api/public/v1/conversations/${conversations[i % 2]}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${bot.api_key}`, "content-type": "application/json", "idempotency-key": key() },
      body: JSON.stringify({ body: `count ${i}` }),
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { error?: { code: string; details?: { reasons?: string[] } } },
    }));
  const answers = [];
  for (let i = 0; i < 20; i += 4)
    answers.push(...(await Promise.all([0, 1, 2, 3].map((j) => post(j % 2 ? b : a, i + j)))));
  expect(answers.filter((answer) => answer.status === 201)).toHaveLength(12);
  const deferred = answers.filter((answer) => answer.status === 429);
  expect(deferred).toHaveLength(8);
  for (const answer of deferred) expect(answer.body.error!.code).toBe("deferred");

  // 50 bad keys from one address, 25 through each app, lock that address on both (a key an app has already
  // verified is served from its cache without the lookup the lockout guards); another address is untouched.
  const guess = (app: App, address: string) =>
    fetch(`${app.base}/api/public/v1/me`, {
      headers: { authorization: `Bearer amk_${randomBytes(16).toString("hex")}`, "x-forwarded-for": address },
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { error: { code: string } },
    }));
  const guesser = "198.51.100.23";
  for (let i = 0; i < 50; i++) expect((await guess(i % 2 ? b : a, guesser)).status).toBe(401);
  for (const app of [a, b]) {
    const locked = await guess(app, guesser);
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe("too_many_attempts");
  }
  expect((await guess(b, "198.51.100.24")).status).toBe(401);
});

test("every delivery reaches the bot's endpoint at least once with two workers; duplicates are counted", async () => {
  const before = hook.received.length;
  const bodies = Array.from({ length: 60 }, (_, i) => `Delivered once ${i} ${randomBytes(3).toString("hex")}`);
  // A person's messages through their assistant (MCP), half through each app: each makes one delivery to helper.
  for (let i = 0; i < bodies.length; i += 6) {
    await Promise.all(
      bodies
        .slice(i, i + 6)
        .map((body, j) => postThroughMcp(((i + j) % 2 ? b : a).base, token, conversationId, body, i + j)),
    );
  }
  const arrived = () =>
    new Set(
      hook.received
        .slice(before)
        .map((request) => bodies.find((body) => request.body.includes(body)))
        .filter(Boolean),
    );
  await expect.poll(() => arrived().size, { timeout: 60_000 }).toBe(bodies.length);
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // a duplicate would come now
  const requests = hook.received.slice(before).filter((request) => bodies.some((body) => request.body.includes(body)));
  const deliveries = new Set(requests.map((request) => request.headers["x-service-delivery"]));
  expect(deliveries.size).toBe(bodies.length);
  const duplicates = `${requests.length - deliveries.size} duplicate requests over ${deliveries.size} deliveries`;
  test.info().annotations.push({ type: "duplicates", description: duplicates });
  console.log(`[scale-out] two workers: ${duplicates}`);
  const done = await deployment.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM webhook_deliveries WHERE id = ANY($1::uuid[]) AND status = 'succeeded'",
    [[...deliveries]],
  );
  expect(done[0]!.n).toBe(bodies.length);
  for (const worker of workers) {
    expect(worker.child.exitCode).toBeNull();
    expect(worker.log()).not.toMatch(/"level":(50|60)/);
  }
});

test("the approvals inbox updates live on both apps", async ({ browser }) => {
  const onA = await signedInPage(browser, a.base, `/chat/${workspace}/approvals`);
  const onB = await signedInPage(browser, b.base, `/chat/${workspace}/approvals`);
  for (const page of [onA, onB]) await expect(page.locator("[data-workspace-live=live]")).toHaveCount(1);
  const held = await send(a, planner.api_key, "Could we come on Thursday at 9?");
  expect(held.status).toBe(202);
  const card = (page: Page) =>
    page.getByTestId("approvals").getByTestId("draft-card").filter({ hasText: "Thursday at 9" });
  await expect(card(onA)).toBeVisible();
  await expect(card(onB)).toBeVisible();
  await card(onB).getByRole("button", { name: "Approve", exact: true }).click();
  await expect(card(onB)).toHaveCount(0);
  await expect(card(onA)).toHaveCount(0); // approved on B, gone from A's inbox live
  await onA.context().close();
  await onB.context().close();
});

test("killing one app leaves the other serving, and its event stream clients reconnect to the survivor", async ({
  browser,
}) => {
  // Through the balancer, which sends every connection to A while A accepts.
  const page = await signedInPage(browser, deployment.publicUrl, `/chat/${workspace}/c/${conversationId}`);
  await expect(page.locator("[data-live=live]")).toHaveCount(1);
  await expect(page.locator("[data-workspace-live=live]")).toHaveCount(1);
  expect(await openStreamsOn(a)).toBe(2);
  expect(await openStreamsOn(b)).toBe(0);

  expect(await a.stop("SIGKILL")).toBe("SIGKILL");
  // Sent while the page's streams are down: the page catches up when they are back (it re-renders on reconnecting).
  await expect(page.locator("[data-live=lost]")).toHaveCount(1);
  const during = await send(b, helper.api_key, "Sent while A was gone");
  expect(during.status).toBe(201);
  await expect(page.locator("[data-live=live]")).toHaveCount(1, { timeout: 15_000 });
  const messages = page.getByRole("list", { name: "Messages" });
  await expect(messages.getByText("Sent while A was gone")).toBeVisible();
  expect(await openStreamsOn(b)).toBe(2);

  // And live again: a message after the reconnection arrives as it commits; the API answers through the balancer.
  const after = await fetch(`${deployment.publicUrl}/api/public/v1/conversations/${conversationId}/messages`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${helper.api_key}`,
      "content-type": "application/json",
      "idempotency-key": key(),
    },
    body: JSON.stringify({ body: "Sent through the survivor" }),
  });
  expect(after.status).toBe(201);
  await expect(messages.getByText("Sent through the survivor")).toBeVisible();
  expect((await fetch(`${deployment.publicUrl}/api/ready`)).status).toBe(200);
  await page.context().close();
});
