import AxeBuilder from "@axe-core/playwright";
import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { cli, idem, virtualAuthenticator } from "../fixtures";

// Issue 34's enforcement and step-up in a real browser on the built server, in a workspace of this file's own (the
// demo workspace's other specs approve without factors): an admin adds an authenticator and requires a second factor
// of every member; a member without one is told on every page, reads, and is refused when she approves; she follows
// the banner, adds a passkey (Chromium's virtual authenticator), and then decides. With step-up on, her approval asks
// for the passkey and sends the message once. Pages are opened at localhost: WebAuthn refuses IP hosts.

const PORT = Number(process.env.E2E_PORT ?? 3107);
const SITE = `http://localhost:${PORT}`;
const PASSWORD = "step-up-password-1";
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const tag = randomBytes(4).toString("hex");
const slug = `e2e-factors-${tag}`;
const admin = `adam.${tag}@example.com`;
const member = `mia.${tag}@example.com`;
let bot: { handle: string; api_key: string };
let conversationId: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  cli("workspace", "create", "--slug", slug, "--name", `Factors ${tag}`);
  for (const [email, name, role] of [
    [admin, "Adam", "admin"],
    [member, "Mia", "member"],
  ] as const)
    cli("person", "create", "--workspace", slug, "--email", email, "--name", name, "--handle", email.split("@")[0]!,
      "--password", PASSWORD, "--role", role);
  // A new bot (not established): each of its messages waits for a person.
  bot = cli("bot", "create", "--workspace", slug, "--handle", `courier-${tag}`, "--name", "Courier", "--as", admin) as typeof bot;
  conversationId = (
    cli("conversation", "create", "--workspace", slug, "--as", member, "--title", "Parcel", "--bot", bot.handle, "--json") as {
      id: string;
    }
  ).id;
});

async function signedIn(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${SITE}/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  return { context, page };
}

/** The bot's message, held for a person: its approval id. */
async function held(page: Page, body: string): Promise<string> {
  const response = await page.request.post(`${SITE}/api/public/v1/conversations/${conversationId}/messages`, {
    headers: { authorization: `Bearer ${bot.api_key}`, "idempotency-key": idem() },
    data: { body },
  });
  expect(response.status()).toBe(202);
  return ((await response.json()) as { data: { approval_id: string } }).data.approval_id;
}

async function sentCount(page: Page, body: string): Promise<number> {
  const response = await page.request.get(`${SITE}/api/public/v1/conversations/${conversationId}/messages?limit=100`, {
    headers: { authorization: `Bearer ${bot.api_key}` },
  });
  return ((await response.json()) as { data: { body: string }[] }).data.filter((m) => m.body === body).length;
}

const card = (page: Page, id: string) => page.locator(`[data-testid="draft-card"][data-draft-id="${id}"]`);
let mia: { context: BrowserContext; page: Page };
let adam: { context: BrowserContext; page: Page };
let adamSecret: string;

test("an admin requires two factors, and a member is led through enrolment before she decides", async ({ browser }) => {
  test.setTimeout(150_000);
  // Adam cannot require factors without one of his own: he adds an authenticator first.
  adam = await signedIn(browser, admin);
  await adam.page.goto(`${SITE}/chat/${slug}/admin`);
  await adam.page.getByLabel("Required of every member").check();
  await adam.page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(adam.page.getByText("Add a second factor to your own account first")).toBeVisible();
  await adam.page.goto(`${SITE}/settings/security`);
  await adam.page.getByRole("button", { name: "Add an authenticator app" }).click();
  const secret = (await adam.page.locator("#totp-secret").textContent())!.trim();
  adamSecret = secret;
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  await adam.page.getByLabel("Code from the app").fill(totp.generate());
  await adam.page.getByRole("button", { name: "Confirm" }).click();
  await adam.page.getByRole("button", { name: "I have saved them" }).click();
  await adam.page.goto(`${SITE}/chat/${slug}/admin`);
  await adam.page.getByLabel("Required of every member").check();
  await adam.page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(adam.page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  // Mia has no factor: every page of the workspace tells her; she reads the held message but cannot approve it.
  const body = "Your parcel arrives tomorrow.";
  const id = await held(adam.page, body);
  mia = await signedIn(browser, member);
  // Signing in led her to Settings → Security first, saying what is asked; she goes on without a factor for now.
  await expect(mia.page).toHaveURL(/\/settings\/security\?enrol=1/);
  await expect(mia.page.getByTestId("enrolment")).toContainText("requires a second factor of everyone");
  await mia.page.getByRole("link", { name: "Continue without one for now" }).click();
  await expect(mia.page).toHaveURL(/\/chat/);
  await virtualAuthenticator(mia.context, mia.page);
  await mia.page.goto(`${SITE}/chat/${slug}/c/${conversationId}`);
  const banner = mia.page.getByTestId("two-factor-banner");
  await expect(banner).toContainText("This workspace asks every member for a second factor");
  expect((await new AxeBuilder({ page: mia.page }).withTags(TAGS).analyze()).violations.map((v) => v.id)).toEqual([]);
  await expect(card(mia.page, id).getByTestId("draft-body")).toHaveText(body);
  await card(mia.page, id).getByRole("button", { name: "Approve" }).click();
  await expect(card(mia.page, id).getByRole("alert")).toContainText("requires a second factor to decide");
  expect(await sentCount(mia.page, body)).toBe(0);

  // The banner leads her to Settings → Security, where she adds a passkey; back in the workspace she decides.
  await banner.getByRole("link", { name: "Add a passkey or an authenticator app" }).click();
  await expect(mia.page).toHaveURL(/\/settings\/security$/);
  await mia.page.getByLabel("Name").fill("Mia's laptop");
  await mia.page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(mia.page.getByText("Passkey added.")).toBeVisible();
  await mia.page.goto(`${SITE}/chat/${slug}/c/${conversationId}`);
  await expect(mia.page.getByTestId("two-factor-banner")).toHaveCount(0);
  await card(mia.page, id).getByRole("button", { name: "Approve" }).click();
  await expect(card(mia.page, id)).toHaveCount(0);
  expect(await sentCount(mia.page, body)).toBe(1);
});

test("with step-up on, an approval asks for the passkey and sends the message once", async () => {
  test.setTimeout(120_000);
  await adam.page.goto(`${SITE}/chat/${slug}/admin`);
  await adam.page.getByLabel("Ask for a fresh check before every approval").check();
  await adam.page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(adam.page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  // Changes to who may decide now need a fresh check too: turning it off again is refused until Adam confirms.
  const confirm = adam.page.getByTestId("step-up-confirm");
  await expect(confirm).toContainText("before changes to who may decide");
  await adam.page.getByLabel("Ask for a fresh check before every approval").uncheck();
  await adam.page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(adam.page.getByText("This workspace asks for a fresh check before changes")).toBeVisible();
  expect((await new AxeBuilder({ page: adam.page }).withTags(TAGS).analyze()).violations.map((v) => v.id)).toEqual([]);
  await confirm.scrollIntoViewIfNeeded();
  await adam.page.screenshot({ path: "test-results/step-up-admin.png" });
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(adamSecret), algorithm: "SHA1", digits: 6, period: 30 });
  // The code of the next 30-second step: the current one may be the one enrolment spent.
  await confirm.getByLabel("Authenticator code").fill(code.generate({ timestamp: Date.now() + 30_000 }));
  await confirm.getByRole("button", { name: "Confirm with code" }).click();
  await expect(adam.page.getByTestId("step-up-fresh")).toContainText("changes here are allowed until");
  // Confirmed; step-up stays on for the approvals below.
  await adam.page.reload();
  await expect(adam.page.getByLabel("Ask for a fresh check before every approval")).toBeChecked();

  const body = "Your parcel needs a signature: shall I ask the courier to leave it?";
  const id = await held(adam.page, body);
  await mia.page.goto(`${SITE}/chat/${slug}/c/${conversationId}`);
  const item = card(mia.page, id);
  await expect(item.getByTestId("step-up")).toContainText("Approving this needs a fresh check");
  // Approve alone is refused: her session checked no factor in the last 5 minutes.
  await item.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(item.getByRole("alert")).toContainText("Approving this needs a fresh check");
  expect(await sentCount(mia.page, body)).toBe(0);
  for (const width of [390, 1280]) {
    await mia.page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page: mia.page }).include(`[data-draft-id="${id}"]`).withTags(TAGS).analyze();
    expect(results.violations.map((v) => v.id), `${width} px`).toEqual([]);
  }
  await mia.page.screenshot({ path: "test-results/step-up-card.png", fullPage: true });

  // The passkey: the virtual authenticator answers, the approval goes through, sent once.
  await item.getByRole("button", { name: "Approve with passkey" }).click();
  await expect(item).toHaveCount(0);
  expect(await sentCount(mia.page, body)).toBe(1);
  // The assertion signed this item and this text: kept with the approval and checked offline against her passkey.
  cli("audit", "checkpoint");
  expect(cli("audit", "verify-approval", id)).toMatchObject({ ok: true, passkey: "verified", problems: [] });

  // Within 5 minutes her session needs no second check.
  const next = await held(adam.page, "The courier will leave it with a neighbour.");
  await mia.page.goto(`${SITE}/chat/${slug}/c/${conversationId}`);
  await card(mia.page, next).getByRole("button", { name: "Approve", exact: true }).click();
  await expect(card(mia.page, next)).toHaveCount(0);
  expect(await sentCount(mia.page, "The courier will leave it with a neighbour.")).toBe(1);
  await mia.context.close();
  await adam.context.close();
});
