import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { chromium, expect, test, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import { startPushService, type PushBrowser, type PushService } from "@/test/push-service";
import { demoWorld, idem } from "../fixtures";

// Web Push in Chromium, from the opt-in to the approval (issue 18). What is real and what stands in:
// - Chromium, the chat's "Notify me on this device", its permission request, the service worker (public/sw.js)
//   registered under the page's real Content-Security-Policy, the routes, the server's VAPID key and database.
// - The browser's push service (Google's, for Chromium) cannot be reached here (no network), so PushManager's
//   subscribe() and getSubscription() are replaced in the page by a stand-in that returns a subscription of the
//   test's push service (test/push-service.ts: its keys made as a browser makes them) and records the
//   applicationServerKey it was given.
// - pushToPerson runs on the server's database and key file (e2e/push-to-person-process.ts); the test's push service
//   verifies its VAPID signature against the key the page subscribed with and decrypts the message (http_ece), and
//   hands the decrypted bytes to the service worker as Chromium's push service would: DevTools'
//   `ServiceWorker.deliverPushMessage`. The worker's `push` handler shows the notification.
// - A click on the notification: headless Chromium has no notification to click, so a `notificationclick` event
//   carrying the shown notification is dispatched in the worker (DevTools' Runtime.evaluate in the worker), which
//   runs the worker's real handler. It focuses the open tab and navigates it to the approval; with no tab open it
//   asks for a new window (Chromium allows a window only for a trusted click, so the test reads the URL asked for).
// Chromium's push needs a profile of its own: in an off-the-record context (Playwright's newContext) it is off.

// The worker's globals, which the DOM library this file is checked with does not declare (the functions below that
// use them run inside the service worker).
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  clients: { openWindow(url: string | URL): Promise<unknown> };
  dispatchEvent(event: Event): boolean;
  asked?: string;
}
declare const NotificationEvent: { new (type: string, init: { notification: Notification }): Event };

const world = demoWorld();
const ana = world.people[0]!;
const slug = world.workspace.slug;
const base = () => test.info().project.use.baseURL!;

let service: PushService;
let context: BrowserContext;
let profile: string;

test.beforeAll(async () => {
  service = await startPushService();
});

test.afterAll(async () => {
  await context?.close();
  await service.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** Replaces the page's PushManager with one that subscribes to the test's push service (see above). */
async function standInPushManager(context: BrowserContext, browser: PushBrowser) {
  await context.addInitScript((json) => {
    const STORE = "relay-e2e-push-subscription";
    type Saved = { json: typeof json; key: string };
    const subscription = (saved: Saved) => ({
      endpoint: saved.json.endpoint,
      expirationTime: null,
      options: {
        userVisibleOnly: true,
        applicationServerKey: Uint8Array.from(atob(saved.key), (c) => c.charCodeAt(0)).buffer,
      },
      toJSON: () => saved.json,
      unsubscribe: async () => {
        localStorage.removeItem(STORE);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      if (!options?.userVisibleOnly) throw new DOMException("userVisibleOnly is required", "NotAllowedError");
      const key = new Uint8Array(options.applicationServerKey as ArrayBuffer);
      const saved = { json, key: btoa(String.fromCharCode(...key)) };
      localStorage.setItem(STORE, JSON.stringify(saved));
      return subscription(saved) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const saved = localStorage.getItem(STORE);
      return saved ? (subscription(JSON.parse(saved) as Saved) as unknown as PushSubscription) : null;
    };
  }, browser.subscription);
}

async function signIn(page: Page, who: { email: string; password: string }, where: string) {
  await page.goto(where);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${where}$`));
}

/** The id DevTools knows the app's service worker registration by (scope: the app's root). */
async function registrationId(cdp: CDPSession): Promise<string> {
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.find((r) => r.scopeURL === `${base()}/` && !r.isDeleted)).toBeTruthy();
  return registrations.find((r) => r.scopeURL === `${base()}/` && !r.isDeleted)!.registrationId;
}

function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const shown = (await registration?.getNotifications()) ?? [];
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown, icon: n.icon }));
  });
}

/** pushToPerson in its own process; asynchronously, since the push service answering it runs in this one. */
async function pushToPerson(email: string, payload: object): Promise<{ sent: number; removed: number }> {
  const { stdout } = await promisify(execFile)("npx", ["tsx", "e2e/push-to-person-process.ts", email, JSON.stringify(payload)], {
    env: { ...process.env, DATA_DIR: ".data/e2e", DATABASE_URL: "" },
    encoding: "utf8",
  });
  return JSON.parse(stdout.trim().split("\n").pop()!);
}

test("a person turns on notifications, a held message's push shows in Chromium, and a click opens the approval", async ({
  playwright,
}) => {
  test.setTimeout(90_000);
  const browser = service.browser();
  profile = mkdtempSync(path.join(os.tmpdir(), "relay-e2e-push-"));
  context = await chromium.launchPersistentContext(profile, {
    ...playwright.chromium,
    baseURL: base(),
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  await standInPushManager(context, browser);
  const page = context.pages()[0] ?? (await context.newPage());
  const violations: string[] = [];
  page.on("console", (m) => /content[- ]security[- ]policy/i.test(m.text()) && violations.push(m.text()));
  await signIn(page, ana, `/chat/${slug}`);

  // Off until asked; the browser asks for permission only on the click, which the test grants.
  const optIn = page.getByTestId("push-opt-in");
  await expect(optIn).toHaveAttribute("data-state", "off");
  expect(await page.evaluate(() => Notification.permission)).toBe("default");
  await page.screenshot({ path: test.info().outputPath("push-opt-in-off.png") });
  await context.grantPermissions(["notifications"], { origin: base() });
  await page.getByRole("button", { name: "Notify me on this device" }).click();
  await expect(optIn).toHaveAttribute("data-state", "on");
  await expect(optIn).toContainText("Notifications are on for this device.");
  await page.screenshot({ path: test.info().outputPath("push-opt-in-on.png") });

  // The subscription is stored for Ana, made with the server's VAPID key.
  const { public_key } = (await (await page.request.get("/api/chat/push/key")).json()) as { public_key: string };
  const subscribedWith = await page.evaluate(() => JSON.parse(localStorage.getItem("relay-e2e-push-subscription")!).key);
  expect(Buffer.from(subscribedWith, "base64").toString("base64url")).toBe(public_key);
  const { devices } = (await (await page.request.get("/api/chat/push/subscriptions")).json()) as {
    devices: { endpoint: string; label: string }[];
  };
  expect(devices).toContainEqual(expect.objectContaining({ endpoint: browser.subscription.endpoint, label: "Chrome on Linux" }));
  // The worker registered under the page's real policy, with no violation.
  expect(violations).toEqual([]);

  // A new bot's message is held for approval: the push the notification core would send for it.
  const bot = world.bots.find((b) => !b.established)!;
  const conversation = world.conversations.find((c) => c.bot_ids.includes(bot.id))!;
  const held = await page.request.post(`/api/public/v1/conversations/${conversation.id}/messages`, {
    headers: { authorization: `Bearer ${bot.api_key}`, "idempotency-key": idem() },
    data: { body: "May I refund €40 to Carla?" },
  });
  expect(held.status()).toBe(202);
  const approvalId = ((await held.json()) as { data: { approval_id: string } }).data.approval_id;
  const approvalUrl = `/chat/${slug}/c/${conversation.id}?approval=${approvalId}`;
  const payload = { title: `${bot.name} waits for your approval`, body: "May I refund €40 to Carla?", url: approvalUrl, tag: `${slug}:approvals` };

  // The notification core tells Ana of it on her device within seconds (lib/notifications/: the server's worker,
  // from the held message's commit): one push naming this approval, or, coalesced with others, the approvals page.
  const told = () =>
    service.deliveries.find((d) => {
      const url = (d.payload as { url?: string } | null)?.url;
      return url === `/chat/${slug}/c/${conversation.id}#draft-${approvalId}` || url === `/chat/${slug}/approvals`;
    });
  await expect.poll(() => told()?.problem, { timeout: 20_000 }).toBeNull();

  // The channel itself, with a payload the test chooses: what reaches the push service is what was sent.
  const sentBefore = service.deliveries.length;
  expect(await pushToPerson(ana.email, payload)).toEqual({ sent: 1, removed: 0 });
  await service.waitFor(sentBefore + 1);
  const delivery = service.deliveries.slice(sentBefore).find((d) => JSON.stringify(d.payload) === JSON.stringify(payload));
  expect(delivery?.problem).toBeNull();
  expect(delivery!.vapid).toMatchObject({ aud: service.origin, k: public_key });
  expect(delivery!.payload).toEqual(payload);

  // The push service hands the message to Chromium's worker, and the worker shows it.
  const cdp = await context.newCDPSession(page);
  const registration = await registrationId(cdp);
  // The worker may be stopped by Chromium and woken by the message: on a loaded machine that takes seconds, and a
  // message that reaches a worker still starting is sometimes dropped (CI, 2026-11-27). Delivered again while nothing
  // shows: the notification's tag makes a second showing replace the first, never add to it.
  const deliverUntilShown = (data: unknown, expected: (shown: unknown[]) => void) =>
    expect(async () => {
      if ((await shownNotifications(page)).length === 0)
        await cdp.send("ServiceWorker.deliverPushMessage", { origin: base(), registrationId: registration, data: JSON.stringify(data) });
      expected(await shownNotifications(page));
    }).toPass({ timeout: 40_000, intervals: [1_000, 2_000, 5_000] });
  await deliverUntilShown(delivery!.payload, (shown) =>
    expect(shown).toEqual([
      { title: payload.title, body: payload.body, tag: payload.tag, data: { url: approvalUrl }, icon: `${base()}/icon.svg` },
    ]),
  );

  // A click on it takes the open tab to the approval, where the held message waits.
  await page.goto(`/chat/${slug}/contacts`);
  const worker = context.serviceWorkers().find((w) => w.url() === `${base()}/sw.js`)!;
  await worker.evaluate(async () => {
    const [shown] = await (self as unknown as WorkerScope).registration.getNotifications();
    self.dispatchEvent(new NotificationEvent("notificationclick", { notification: shown! }));
  });
  await expect(page).toHaveURL(`${base()}${approvalUrl}`);
  await expect(page.locator(`[data-draft-id="${approvalId}"]`)).toBeVisible();
  await expect.poll(() => shownNotifications(page)).toEqual([]); // the click closed it

  // With no tab of the app open, a click asks for a new window at the approval.
  await deliverUntilShown({ ...payload, url: "https://evil.example/phish" }, (shown) => expect(shown).toHaveLength(1));
  await page.close();
  const opened = await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    scope.clients.openWindow = async (url: string | URL) => {
      scope.asked = String(url);
      return null;
    };
    const [shown] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent("notificationclick", { notification: shown! }));
    for (let i = 0; i < 50 && !scope.asked; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    return scope.asked;
  });
  // The message named another site: the worker opens the chat instead, never a URL outside the app.
  expect(opened).toBe(`${base()}/chat`);

  // Turned off on this device: gone from the server, and the button is back.
  const again = await context.newPage();
  await again.goto(`/chat/${slug}`);
  await expect(again.getByTestId("push-opt-in")).toHaveAttribute("data-state", "on");
  await again.getByRole("button", { name: "Turn off" }).click();
  await expect(again.getByTestId("push-opt-in")).toHaveAttribute("data-state", "off");
  const after = (await (await again.request.get("/api/chat/push/subscriptions")).json()) as { devices: { endpoint: string }[] };
  expect(after.devices.map((d) => d.endpoint)).not.toContain(browser.subscription.endpoint);

  // On again, then signing out: the device stops notifying the person who left it.
  await again.getByRole("button", { name: "Notify me on this device" }).click();
  await expect(again.getByTestId("push-opt-in")).toHaveAttribute("data-state", "on");
  await again.getByRole("button", { name: "Sign out" }).click();
  await expect(again).toHaveURL(/\/sign-in/);
  const before = service.deliveries.length;
  expect(await pushToPerson(ana.email, payload)).toEqual({ sent: 0, removed: 0 });
  expect(service.deliveries.length).toBe(before);
});
