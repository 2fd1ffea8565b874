import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import type { SeededWorld } from "@/lib/seed/seed-world";
import { axeViolations } from "../fixtures";

// Issue 35's "done means": `npm start` on an empty data folder, as a newcomer runs it, with the demo's bots on (the
// rest of the suite runs with DEMO_BOTS=false, so its demo stays still). Within 60 s of the start the browser finds
// each thing the demo's bots do in their first minute (a mention answered, a draft, a held message with its reasons,
// a card whose button reaches the bot, a bot-to-bot question); then a person approves and the bots react.

test.describe.configure({ mode: "serial", timeout: 240_000 });

const dataDir = mkdtempSync(path.join(tmpdir(), "relay-demo-alive-"));
let server: ChildProcess | undefined;
let base = "";
let startedAt = 0;
const output: string[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  startedAt = Date.now();
  const { DEMO_BOTS: _off, ALLOW_LOOPBACK_WEBHOOKS: _loopback, ...inherited } = process.env;
  server = spawn("npm", ["start"], {
    env: { ...inherited, PORT: String(port), DATA_DIR: dataDir, LOG_FORMAT: "json", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, stopped as one (stopServer)
  });
  server.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const up = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm start did not answer in time:\n${output.join("").slice(-4000)}`);
});

/** Stops `npm start` as a terminal's Ctrl-C would: SIGTERM to its whole process group (npm, the launcher). */
async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  // "close": every process holding its output has ended (npm itself exits first, the launcher after its steps).
  const exited = new Promise((resolve) => server!.once("close", resolve));
  process.kill(-server.pid!, "SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
}

test.afterAll(async () => {
  test.setTimeout(60_000);
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A README screenshot's options: times differ from run to run, so they are covered, in a quiet colour. */
const masked = (page: Page) => ({ mask: [page.locator("time")], maskColor: "#e2e8f0", timeout: 15_000 });

/** What is left of the first minute after the start, for an expectation's timeout (at least 1 s). */
const withinFirstMinute = () => ({ timeout: Math.max(1_000, startedAt + 60_000 - Date.now()) });

test("the demo is alive within a minute of the first start, and its bots react to a person", async ({
  page,
}, testInfo) => {
  const world = JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as SeededWorld;
  const ana = world.people.find((p) => p.role === "admin")!;
  const order = world.conversations.find((c) => c.title.startsWith("Order #1042"))!;
  const visit = world.conversations.find((c) => c.title.startsWith("Scheduling a visit"))!;
  const slug = world.workspace.slug;

  await page.goto(`${base}/sign-in`);
  await page.getByLabel("Email").fill(ana.email);
  await page.getByLabel("Password").fill(ana.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${slug}`));

  // The first page after signing in offers the tour of what the bots did.
  const tour = page.getByTestId("demo-tour");
  await expect(tour.getByRole("heading", { name: /five things its bots just did/ })).toBeVisible();
  await expect(tour.getByRole("listitem")).toHaveCount(5);

  // The inbox: Helper's draft, Scheduler's held message with its reasons, and Helper's question to Scheduler.
  await tour.getByRole("link", { name: "Review the held message" }).click();
  await expect(page.getByRole("heading", { name: "Approvals", level: 1 })).toBeVisible();
  const held = page.getByTestId("draft-card").filter({ hasText: "Carla, does Thursday at 10:00 work for the visit?" });
  await expect(held).toBeVisible(withinFirstMinute());
  const heldAfter = (Date.now() - startedAt) / 1000;
  testInfo.annotations.push({ type: "first held item", description: `${heldAfter.toFixed(1)} s after npm start` });
  console.log(`demo-alive: first held item in the inbox ${heldAfter.toFixed(1)} s after npm start`);
  await expect(held.getByTestId("draft-reasons")).toContainText(/new/i);
  const draft = page.getByTestId("draft-card").filter({ hasText: "Hi Dev, your plan renews on 1 January" });
  await expect(draft).toBeVisible(withinFirstMinute());
  const question = page.locator("[data-request-id]").filter({ hasText: "Is Thursday 10:00 free for Carla's visit?" });
  await expect(question).toBeVisible(withinFirstMinute());

  // The README's first screenshot (checked against docs/images; times change from run to run, so they are masked).
  await page.setViewportSize({ width: 1280, height: 1000 });
  await expect(page).toHaveScreenshot("tour-inbox.png", masked(page));

  // The tour passes the same accessibility rules as every page, beside the inbox and on a phone's workspace home.
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/chat/${slug}`);
  await expect(page.getByTestId("demo-tour")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 1000 });

  // The thread: Helper's answer to Ben's mention, and its card.
  await page.goto(`${base}/chat/${slug}/c/${order.id}`);
  const messages = page.getByRole("list", { name: "Messages" });
  await expect(messages.getByText("Order #1042 left the warehouse on Monday")).toBeVisible(withinFirstMinute());
  const offer = page.getByRole("button", { name: "Offer it" });
  await expect(offer).toBeVisible(withinFirstMinute());
  await expect(page).toHaveScreenshot("tour-thread.png", masked(page));

  // The card's button reaches the bot, which answers the choice in the thread.
  await offer.click();
  await expect(messages.getByText("Carla gets free express shipping on her next order")).toBeVisible({ timeout: 20_000 });

  // Approving the held message: it is sent, and Scheduler marks its live status block done.
  await page.goto(`${base}/chat/${slug}/approvals`);
  await held.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(held).toHaveCount(0);
  await page.goto(`${base}/chat/${slug}/c/${visit.id}`);
  await expect(messages.getByText("Visit booked: Thursday 10:00")).toBeVisible({
    timeout: 20_000,
  });

  // Approving the bots' question: Scheduler answers, and Helper says what it heard in the order's thread.
  await page.goto(`${base}/chat/${slug}/approvals`);
  await question.getByRole("button", { name: "Approve and send" }).click();
  await expect(question).toHaveCount(0);
  await page.goto(`${base}/chat/${slug}/c/${order.id}`);
  await expect(messages.getByText("Scheduler answered my question about Carla's visit")).toBeVisible({ timeout: 20_000 });

  // The tour, dismissed, does not return.
  await page.getByTestId("demo-tour").getByRole("button", { name: "Hide the tour" }).click();
  await expect(page.getByTestId("demo-tour")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: /Order #1042/ }).first()).toBeVisible();
  await expect(page.getByTestId("demo-tour")).toHaveCount(0);
});

test("the demo's bots stop with the server", async () => {
  await stopServer();
  const said = output.join("");
  expect(said).toContain("the demo's bots stopped");
  expect(said).toMatch(/"msg":"stopped"/);
});
