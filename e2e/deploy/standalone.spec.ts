import { readdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { deploy, type App, type Deployment, type Started } from "@/test/deployment";
import { startReceiver, type Receiver } from "@/test/receiver";

// The production recipe (docs/guides/operators.md "Deploying", Dockerfile, docs/decisions/023-production-recipe.md)
// without building an image (test/deployment.ts): the standalone folder copied out of the project, started as the
// image's command starts it, on its own database given by DATABASE_URL, migrated by the release step, with a worker as
// the image's second command; nothing is seeded: the CLI makes what the tests need. Then the bot API's smoke checks,
// the probes, metrics, a webhook delivered by the worker, and a person's chat in the browser.

test.describe.configure({ mode: "serial", timeout: 240_000 });

let deployment: Deployment;
let environment: Record<string, string>;
let base: string;
let app: App;
let worker: Started;
let hook: Receiver;
const cli = (...args: string[]) => deployment.cli(...args);

let person: { email: string; password: string };
let workspace: string;
let helper: { handle: string; api_key: string; id: string; name: string };
let newcomer: { handle: string; api_key: string };
let conversationId: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  deployment = await deploy({ name: "deploy" });
  environment = deployment.environment;
  // The image's second command, then its command (on the port APP_URL names: no balancer in front of one app).
  worker = deployment.startWorker();
  app = await deployment.startApp(deployment.publicPort);
  base = app.base;

  // A bot developer's endpoint, for the worker to deliver to.
  hook = await startReceiver();
  const world = await deployment.createWorld({
    title: "Deploy check",
    webhookUrl: `${hook.url}/hook`,
    planner: true,
    admin: true,
  });
  ({ workspace, person, helper, conversationId } = world);
  newcomer = world.planner!;
});

test.afterAll(async () => {
  await hook?.close();
  await deployment?.teardown();
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
let n = 0;
const idem = () => `deploy-${Date.now()}-${++n}`;

test("the probes, and metrics behind the token", async ({ request }) => {
  const health = await request.get(`${base}/api/health`);
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });
  const ready = await request.get(`${base}/api/ready`);
  expect(ready.status()).toBe(200);
  expect((await ready.json()).checks.map((c: { name: string; ok: boolean }) => [c.name, c.ok])).toEqual([
    ["warming", true],
    ["database", true],
    ["migrations", true],
    ["worker", true],
  ]);
  expect((await request.get(`${base}/api/metrics`)).status()).toBe(401);
  const metrics = await request.get(`${base}/api/metrics`, { headers: bearer(environment.METRICS_TOKEN!) });
  expect(metrics.status()).toBe(200);
  expect(await metrics.text()).toContain("relay_metrics_database_read_ok 1");
});

test("the bot API: /me, a sent message (201), a held one (202), errors in the documented shape, OpenAPI", async ({
  request,
}) => {
  const me = await request.get(`${base}/api/public/v1/me`, { headers: bearer(helper.api_key) });
  expect(me.status()).toBe(200);
  expect(await me.json()).toEqual({ bot: { id: helper.id, handle: helper.handle, name: helper.name } });
  expect(me.headers()["x-request-id"]).toBeTruthy();

  const url = `${base}/api/public/v1/conversations/${conversationId}/messages`;
  const sent = await request.post(url, {
    headers: { ...bearer(helper.api_key), "idempotency-key": idem() },
    data: { body: "Your order shipped" },
  });
  expect(sent.status()).toBe(201);
  const held = await request.post(url, {
    headers: { ...bearer(newcomer.api_key), "idempotency-key": idem() },
    data: { body: "Tuesday?" },
  });
  expect(held.status()).toBe(202);
  expect((await held.json()).data.reasons).toEqual(["new_bot"]);

  const auth = { ...bearer(helper.api_key), "content-type": "application/json" };
  const badJson = await request.post(url, {
    headers: { ...auth, "idempotency-key": idem() },
    data: Buffer.from("{oops"),
  });
  expect(badJson.status()).toBe(400);
  expect((await badJson.json()).error.code).toBe("invalid_json");
  expect((await request.get(`${base}/api/public/v1/me`)).status()).toBe(401);
  const unknown = await request.get(`${base}/api/public/v1/nothing/here`);
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).error.code).toBe("not_found");
  const huge = await request.post(url, {
    headers: { ...auth, "idempotency-key": idem() },
    data: Buffer.from(JSON.stringify({ body: "x".repeat(300_000) })),
  });
  expect(huge.status()).toBe(413);
  expect((await huge.json()).error.code).toBe("payload_too_large");

  const openapi = await request.get(`${base}/api/public/v1/openapi.json`);
  expect(openapi.status()).toBe(200);
  expect(Object.keys((await openapi.json()).paths)).toContain("/conversations/{id}/messages");
});

test("the worker delivers a person's message to the bot's endpoint", async () => {
  await cli("message", "post", "--conversation", conversationId, "--body", "Where is my parcel?", "--as", person.email);
  await expect
    .poll(() => hook.received.filter((r) => r.body.includes("Where is my parcel?")).length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  expect(worker.log()).not.toMatch(/"level":(50|60)|"level":"(error|fatal)"/);
});

test("a person signs in, sees the conversation, and a bot's new message arrives live", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: base });
  const page: Page = await context.newPage();
  const thread = `/chat/${workspace}/c/${conversationId}`;
  await page.goto(thread);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${thread}$`));
  const messages = page.getByRole("list", { name: "Messages" });
  await expect(messages.getByText("Your order shipped")).toBeVisible();
  await expect(page.locator("[data-live=live]")).toHaveCount(1);
  const live = await page.request.post(`${base}/api/public/v1/conversations/${conversationId}/messages`, {
    headers: { ...bearer(helper.api_key), "idempotency-key": idem() },
    data: { body: "Out for delivery today" },
  });
  expect(live.status()).toBe(201);
  await expect(messages.getByText("Out for delivery today")).toBeVisible();
  // The portal's guide reads docs/guides/bot-developers.md when it renders: the file travels with the standalone build.
  expect((await page.goto("/developers/docs/guide"))?.status()).toBe(200);
  await expect(page.locator("h2#webhooks")).toBeVisible();
  await context.close();
});

test("SIGTERM stops the worker (exit 0) and the app server (143); no secret was written to DATA_DIR", async () => {
  expect(await worker.stop()).toBe(0);
  // Next's own stop (as `node server.js`): graceful, then the exit code of a process SIGTERM ended, 128 + 15.
  expect(await app.stop()).toBe(143);
  expect(app.log()).not.toContain("did not stop within");
  expect(worker.log()).toContain('"worker":"stopped"');
  // Every secret came from the environment: the data folder holds no key file.
  expect(readdirSync(environment.DATA_DIR!).filter((name) => /key/i.test(name))).toEqual([]);
});
