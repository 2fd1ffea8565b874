import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";

// The developer portal in Chromium against the built server: a person signs in, registers a bot whose webhook is a
// tiny receiver started here, sees its key and secret once, issues and revokes a key, pings the webhook, opens the
// delivery, checks its signature panel and replays it.

const PASSWORD = "relay-demo"; // the seeded demo people's password (lib/seed/seed-world.ts)

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let receiver: http.Server;
let received: Received[] = [];
let hookUrl: string;

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("a wrong password is refused on the sign-in page, with a message", async ({ page }) => {
  await page.goto("/developers");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fdevelopers$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await signIn(page, "ana@demo.relay.test", "not-the-password");
  await expect(page.getByText("Wrong email or password.")).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test("ana registers a bot, issues a key, pings the webhook, inspects the delivery and replays it", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  received = [];

  // Signing in from the home page's link comes back to the portal.
  await page.goto("/");
  await page.getByRole("link", { name: "Developer portal" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, "ana@demo.relay.test", PASSWORD);
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByRole("banner")).toContainText("Ana Lima");
  await expect(page.getByRole("table", { name: "Bots in Demo workspace" })).toContainText("@helper");

  // Register a bot: a refused handle is explained next to the field and what was typed stays.
  await page.getByRole("link", { name: "Register a bot" }).click();
  await expect(page).toHaveURL(/\/developers\/bots\/new$/);
  await page.getByLabel("Handle").fill("helper");
  await page.getByLabel("Name", { exact: true }).fill("Portal bot");
  await page.getByLabel("Webhook URL").fill(hookUrl);
  await expect(page.getByLabel("message.created")).toBeChecked();
  await page.getByRole("button", { name: "Register bot" }).click();
  await expect(page.getByText("Bot handle @helper is taken")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Portal bot");
  await expect(page.getByLabel("Webhook URL")).toHaveValue(hookUrl);

  const handle = `portal-${Date.now().toString(36)}`;
  await page.getByLabel("Handle").fill(handle);
  await page.getByLabel("draft.rejected").check();
  await page.getByRole("button", { name: "Register bot" }).click();

  // The key and the secret, once.
  await expect(page.getByText("Copy these now. They will not be shown again.")).toBeVisible();
  const apiKey = (await page.locator("#new-api-key").textContent())!.trim();
  const secret = (await page.locator("#new-signing-secret").textContent())!.trim();
  expect(apiKey).toMatch(/^amk_[0-9A-Za-z]{38}$/);
  expect(secret).toMatch(/^whsec_/);
  await expect(page.getByRole("button", { name: "Copy API key" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy Signing secret" })).toBeVisible();
  const me = await request.get("/api/public/v1/me", { headers: { Authorization: `Bearer ${apiKey}` } });
  expect((await me.json()).bot.handle).toBe(handle);

  await page.getByRole("link", { name: "Go to the bot" }).click();
  await expect(page).toHaveURL(/\/developers\/bots\/[0-9a-f-]{36}$/);
  const botUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`@${handle}`);
  const html = await page.content();
  expect(html).not.toContain(apiKey);
  expect(html).not.toContain(secret);
  await expect(page.getByLabel("draft.rejected")).toBeChecked();

  // Issue a second key: shown once; both keys listed as active; the new one works.
  await page.getByLabel("New key name").fill("ci");
  await page.getByLabel(/memory:sensitive/).check(); // may read high-sensitivity contacts' memory
  await page.getByRole("button", { name: "Issue key" }).click();
  const issued = page.getByTestId("issued-key");
  await expect(issued).toContainText("Copy it now: it will not be shown again.");
  const secondKey = (await page.locator("#issued-api-key").textContent())!.trim();
  expect(secondKey).toMatch(/^amk_/);
  expect(secondKey).not.toBe(apiKey);
  const keys = page.getByRole("table", { name: "API keys" });
  await expect(keys.getByRole("row")).toHaveCount(3); // header + 2 keys
  await expect(keys.getByRole("row", { name: /ci/ })).toContainText("memory:sensitive");
  await expect(keys).toContainText("default");
  expect((await request.get("/api/public/v1/me", { headers: { Authorization: `Bearer ${secondKey}` } })).status()).toBe(
    200,
  );

  // Revoke it after confirming: requests with it fail at once.
  await page.getByRole("button", { name: /Revoke key ci/ }).click();
  await page.getByRole("button", { name: "Revoke key", exact: true }).click();
  await expect(keys.getByRole("row", { name: /ci/ })).toContainText("revoked");
  expect((await request.get("/api/public/v1/me", { headers: { Authorization: `Bearer ${secondKey}` } })).status()).toBe(
    401,
  );

  // Send a test ping: the receiver gets a signed ping, the result shows at once.
  await page.getByRole("button", { name: "Send test ping" }).click();
  const ping = page.getByTestId("ping-result");
  await expect(ping).toContainText("Ping succeeded");
  await expect(ping).toContainText("200");
  expect(received).toHaveLength(1);
  const [first] = received;
  expect(first!.headers["x-service-event"]).toBe("ping");
  const timestamp = first!.headers["x-service-timestamp"] as string;
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${first!.body}`).digest("hex")}`;
  expect(first!.headers["x-service-signature"]).toBe(expected);
  expect(JSON.parse(first!.body)).toMatchObject({ type: "ping", data: {} });

  // The delivery page: the attempt, its request, and a valid signature check.
  await ping.getByRole("link", { name: /View delivery/ }).click();
  await expect(page).toHaveURL(new RegExp(`/developers/deliveries/${first!.headers["x-service-delivery"]}$`));
  const attempt1 = page.getByRole("article", { name: "Attempt 1" });
  await expect(attempt1).toContainText("ping");
  await expect(attempt1).toContainText("200");
  await expect(page.getByTestId("signature-valid")).toContainText("Yes");
  await expect(page.getByText(expected, { exact: false }).first()).toBeVisible();

  // Replay: a second attempt appears, signed afresh.
  await page.getByRole("button", { name: "Replay" }).click();
  const attempt2 = page.getByRole("article", { name: "Attempt 2" });
  await expect(attempt2).toBeVisible({ timeout: 20_000 });
  await expect(attempt2).toContainText("replay");
  await expect(attempt2).toContainText("200");
  expect(received).toHaveLength(2);
  expect(received[1]!.headers["x-service-delivery"]).toBe(first!.headers["x-service-delivery"]);
  await expect(page.getByTestId("signature-valid")).toContainText("Yes");
  await page.screenshot({ path: testInfo.outputPath("delivery.png"), fullPage: true });

  // The deliveries tab lists it.
  await page.goto(`${botUrl}/deliveries`);
  await expect(page.getByRole("table", { name: "Webhook deliveries" })).toContainText("ping");
  await page.screenshot({ path: testInfo.outputPath("deliveries.png"), fullPage: true });

  // Sign out: the portal asks to sign in again.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto(botUrl);
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
});

test("the guide for bot developers: rendered from its file, reached from the tabs, its #links land, its code by keyboard", async ({
  page,
}) => {
  await page.goto("/developers/docs/guide");
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, "ana@demo.relay.test", PASSWORD);
  await expect(page).toHaveURL(/\/developers\/docs\/guide$/);
  const tabs = page.getByRole("navigation", { name: "Developer portal" });
  await expect(tabs.getByRole("link", { name: "Guide" })).toHaveAttribute("aria-current", "page");
  const guide = page.getByRole("article");
  await expect(guide.getByRole("heading", { level: 1 })).toBeVisible();

  // The guide's own contents list links to its sections by the ids GitHub gives them.
  await guide.getByRole("link", { name: "Webhooks", exact: true }).first().click();
  await expect(page).toHaveURL(/#webhooks$/);
  await expect(page.locator("h2#webhooks")).toBeInViewport();
  // A link to a repository file the app does not serve is its path, not a link that would 404.
  await expect(guide.locator('a[href$=".md"], a[href*=".md#"]')).toHaveCount(0);

  // A code block is a named box the keyboard reaches (it scrolls sideways on a phone).
  const code = guide.locator("pre").first();
  await expect(code).toHaveAttribute("aria-label", /.+/);
  await code.focus();
  await expect(code).toBeFocused();

  // The API reference and back.
  await tabs.getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/developers\/docs$/);
  await expect(tabs.getByRole("link", { name: "API reference" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Guide for bot developers" }).click();
  await expect(page).toHaveURL(/\/developers\/docs\/guide$/);
});
