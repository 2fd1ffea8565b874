import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page, type Response } from "@playwright/test";
import { adminPages, cli, demoWorld } from "../fixtures";

// Every page of the app in Chromium, signed in as the demo's admin: none may log a Content-Security-Policy
// violation (a console message or a `securitypolicyviolation` event), each answers with the security headers and a
// fresh script nonce that Next put on every script, and each hydrates (its buttons work). Policy:
// lib/http/security-headers.ts, docs/decisions/017-security-headers.md.

const world = demoWorld();
const ana = world.people[0]!; // an admin: she sees the Bots & policy page too
const slug = world.workspace.slug;
const conversation = world.conversations[0]!;
const bot = world.bots[0]!;

let receiver: http.Server;
let deliveryId: string;

test.beforeAll(async () => {
  // A delivery to open in the portal: a bot whose webhook is a receiver here, pinged once.
  receiver = http.createServer((req, res) => req.resume().on("end", () => res.writeHead(200).end("{}")));
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const handle = `csp${Date.now().toString(36)}`;
  cli("bot", "create", "--workspace", slug, "--handle", handle, "--name", "CSP check", "--webhook-url", hook, "--json");
  cli("bot", "ping", handle);
  const list = cli("deliveries", "list", "--bot", handle) as { data: { id: string }[] };
  deliveryId = list.data[0]!.id;
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

/** Collects what the page reports about its policies: console messages and violation events. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `securitypolicyviolation ${event.effectiveDirective} blocked=${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on("console", (message) => {
    // (Permissions-Policy too: Chromium logs a feature name it does not know, i.e. a header that does less than meant.)
    if (/content[- ]security[- ]policy|securitypolicyviolation|permissions[- ]policy/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => violations.push(`${page.url()}: uncaught ${error.message}`));
  return violations;
}

/** The document's security headers, and its nonce on every script tag of the HTML. */
async function expectPageHeaders(response: Response | null, nonces: Set<string>) {
  expect(response, "a document response").not.toBeNull();
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(csp)?.[1];
  expect(nonce, `${response!.url()} CSP: ${csp}`).toBeTruthy();
  expect(nonces.has(nonce!), "a nonce is never reused").toBe(false);
  nonces.add(nonce!);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).not.toContain("unsafe-eval");
  expect(headers).toMatchObject({
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    // Issue 31: no other site's window shares the page's browsing context group, nor loads it as a resource.
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
  });
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers).not.toHaveProperty("strict-transport-security"); // APP_URL is http here
  const html = await response!.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, response!.url()).toContain(`nonce="${nonce}"`);
  expect(html).not.toMatch(/<[^>]+\sstyle="/);
}

/** Next's app router mounts its route announcer once React has hydrated the page. */
async function hydrated(page: Page) {
  await expect(page.locator("next-route-announcer")).toBeAttached();
}

test("every page loads without a policy violation, with its headers and a fresh nonce, and hydrates", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  const nonces = new Set<string>();

  const signIn = await page.goto("/sign-in");
  await expectPageHeaders(signIn, nonces);
  await hydrated(page);
  await page.getByLabel("Email").fill(ana.email);
  await page.getByLabel("Password").fill(ana.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${slug}`));

  const pages = adminPages({ deliveryId });
  for (const path of pages) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(200);
    await expectPageHeaders(response, nonces);
    await hydrated(page);
  }

  // Not-found pages: the app's, the portal's own, and a path whose encoding is not UTF-8 (proxy.ts).
  for (const [path, heading] of [
    ["/no/such/page", "Page not found"],
    ["/developers/bots/00000000-0000-0000-0000-000000000000", null],
    ["/chat/%ff", "Page not found"],
    [`/chat/${slug}/c/%c3%28`, "Page not found"],
  ] as const) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(404);
    await expectPageHeaders(response, nonces);
    await hydrated(page);
    if (heading) await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }

  // Hydrated for real: a client-side control works (the composer offers the thread's bots after `@`).
  await page.goto(`/chat/${slug}/c/${conversation.id}`);
  await hydrated(page);
  await page.getByRole("combobox", { name: "Message" }).fill(`@${bot.handle.slice(0, 3)}`);
  await expect(page.getByRole("option", { name: new RegExp(`@${bot.handle}`) })).toBeVisible();

  expect(violations).toEqual([]);
});

test("a policy violation is caught by this check (the watcher itself works)", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/sign-in");
  await hydrated(page);
  // An image from another origin, as injected markup might load: the policy refuses it, and we hear of it.
  await page.evaluate(() => {
    const image = document.createElement("img");
    image.src = "http://127.0.0.2:9/pixel.png";
    document.body.append(image);
  });
  await expect.poll(() => violations.join("\n")).toMatch(/img-src/);
});
