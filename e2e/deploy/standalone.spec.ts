import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { ensureEmbeddedPostgres, embeddedUrl, freePort, type EmbeddedServer } from "@/lib/db/embedded";

// The production recipe (README "Deploying", Dockerfile, docs/decisions/023-production-recipe.md) without building
// an image: the build's standalone folder copied out of the project (so nothing resolves from the project's own
// node_modules, as in the image's /app/server), started as the image's command starts it (`node relay-server.mjs`,
// in that folder, with an operator's environment and nothing else), on its own database given by DATABASE_URL,
// migrated by the release step (`npm run db:migrate`), with a worker as the image's second command
// (`node --import tsx jobs/main.ts`); nothing is seeded: the CLI makes what the tests need. Then the bot API's smoke
// checks, the probes, metrics, a webhook delivered by the worker, and a person's chat in the browser.
//
// The database: PGVECTOR_TEST_URL's server when set (CI starts the machine's PostgreSQL with pgvector), else an
// embedded PostgreSQL started here; either way a fresh database of its own, reached over TCP like a managed one.

test.describe.configure({ mode: "serial", timeout: 240_000 });

const ROOT = process.cwd();
const WORK = path.join(os.tmpdir(), `relay-e2e-deploy-${process.pid}`);
const DATABASE = `relay_deploy_${randomBytes(4).toString("hex")}`;

let embedded: EmbeddedServer | null = null;
let adminUrl: string;
let base: string;
let environment: Record<string, string>;
let app: Started;
let worker: Started;
let receiver: http.Server;
const received: { event: string; body: string }[] = [];

interface Started {
  child: ChildProcess;
  log(): string;
}


/** The operator's environment, and PATH and HOME for npm: nothing else of this test's own. */
function operatorEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: "production",
    PATH: process.env.PATH!,
    HOME: process.env.HOME ?? os.tmpdir(),
    ...environment,
    ...extra,
  };
}

/** A process of the recipe, started with exactly the operator's environment (plus PATH and HOME for npm). */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Started {
  const child = spawn(command, args, {
    cwd,
    env: operatorEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  return { child, log: () => log };
}

/** `npm run --silent cli -- ...` against the deployment's database: parsed JSON. */
function cli(...args: string[]): Record<string, unknown> {
  const out = execFileSync("npm", ["run", "--silent", "cli", "--", ...args, "--json"], {
    cwd: ROOT,
    env: operatorEnv(),
    encoding: "utf8",
  });
  return JSON.parse(out) as Record<string, unknown>;
}

async function stop(started: Started | undefined): Promise<number | string | undefined> {
  if (!started || started.child.exitCode !== null || started.child.signalCode !== null)
    return started?.child.exitCode ?? undefined;
  const exited = new Promise<number | string>((resolve) =>
    started.child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)),
  );
  started.child.kill("SIGTERM");
  return Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve("timeout"), 15_000))]);
}

let person: { email: string; password: string };
let workspace: string;
let helper: { handle: string; api_key: string; id: string; name: string };
let newcomer: { handle: string; api_key: string };
let conversationId: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const standalone = path.join(ROOT, ".next/standalone/relay-server.mjs");
  if (!existsSync(standalone)) throw new Error("no .next/standalone/relay-server.mjs: run `npm run build` first");
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(path.join(WORK, "data"), { recursive: true });
  // The image copies the standalone folder to /app/server: here, out of the project.
  cpSync(path.join(ROOT, ".next/standalone"), path.join(WORK, "server"), { recursive: true, verbatimSymlinks: true });

  if (process.env.PGVECTOR_TEST_URL) {
    adminUrl = process.env.PGVECTOR_TEST_URL;
  } else {
    embedded = await ensureEmbeddedPostgres(path.join(WORK, "postgres"));
    adminUrl = embeddedUrl(embedded.port, "postgres", null);
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // What an operator sets (README "Deploying"): the database, the secrets, the public origin; the image sets the rest.
  environment = {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: path.join(WORK, "data"),
    DATABASE_URL: url.toString(),
    APP_URL: base,
    NEXTAUTH_URL: base,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
    RELAY_SECRET_KEY: randomBytes(32).toString("base64"),
    METRICS_TOKEN: randomBytes(24).toString("hex"),
    // This test's bot endpoint is on loopback: the release step records the deployment's setting.
    ALLOW_LOOPBACK_WEBHOOKS: "true",
  };

  // The release step, before any app or worker starts.
  const migrate = execFileSync("npm", ["run", "--silent", "db:migrate"], {
    cwd: ROOT,
    env: operatorEnv(),
    encoding: "utf8",
  });
  expect(migrate).toContain('"msg":"applied migrations"');

  // The image's command, and its second command.
  app = run(process.execPath, ["relay-server.mjs"], path.join(WORK, "server"), {
    PORT: String(port),
    HOST: "127.0.0.1",
  });
  worker = run(process.execPath, ["--import", "tsx", "jobs/main.ts"], ROOT);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (app.child.exitCode !== null) throw new Error(`the app server exited:\n${app.log()}`);
    if (worker.child.exitCode !== null) throw new Error(`the worker exited:\n${worker.log()}`);
    if (Date.now() > deadline) throw new Error(`not ready in time:\n${app.log()}\n${worker.log()}`);
    const ready = await fetch(`${base}/api/ready`).catch(() => null);
    if (ready?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  // A bot developer's endpoint, for the worker to deliver to.
  receiver = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ event: String(request.headers["x-relay-event"] ?? ""), body });
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/hook`;

  // Nothing is seeded in production: a workspace, a person, two bots and a conversation, made with the CLI.
  workspace = `acme-${randomBytes(3).toString("hex")}`;
  person = { email: `ops.${randomBytes(3).toString("hex")}@example.com`, password: "correct horse battery" };
  cli("workspace", "create", "--slug", workspace, "--name", "Acme");
  cli(
    "person",
    "create",
    "--workspace",
    workspace,
    "--email",
    person.email,
    "--name",
    "Olive",
    "--handle",
    "olive",
    "--password",
    person.password,
    "--role",
    "admin",
  );
  helper = cli(
    "bot",
    "create",
    "--workspace",
    workspace,
    "--handle",
    "helper",
    "--name",
    "Order Helper",
    "--established",
    "--webhook-url",
    hook,
  ) as typeof helper;
  newcomer = cli(
    "bot",
    "create",
    "--workspace",
    workspace,
    "--handle",
    "planner",
    "--name",
    "Visit Planner",
  ) as typeof newcomer;
  conversationId = cli(
    "conversation",
    "create",
    "--workspace",
    workspace,
    "--as",
    person.email,
    "--title",
    "Deploy check",
    "--bot",
    "helper",
    "--bot",
    "planner",
  ).id as string;
});

test.afterAll(async () => {
  receiver?.closeAllConnections();
  receiver?.close();
  await Promise.all([stop(worker), stop(app)]);
  if (embedded) await embedded.stop();
  else if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
  rmSync(WORK, { recursive: true, force: true });
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
  cli("message", "post", "--conversation", conversationId, "--body", "Where is my parcel?", "--as", person.email);
  await expect
    .poll(() => received.filter((r) => r.body.includes("Where is my parcel?")).length, { timeout: 30_000 })
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
  await context.close();
});

test("SIGTERM stops the worker (exit 0) and the app server (143); no secret was written to DATA_DIR", async () => {
  expect(await stop(worker)).toBe(0);
  // Next's own stop (as `node server.js`): graceful, then the exit code of a process SIGTERM ended, 128 + 15.
  expect(await stop(app)).toBe(143);
  expect(app.log()).not.toContain("did not stop within");
  expect(worker.log()).toContain('"worker":"stopped"');
  // Every secret came from the environment: the data folder holds no key file.
  expect(readdirSync(environment.DATA_DIR!).filter((name) => /key/i.test(name))).toEqual([]);
});
