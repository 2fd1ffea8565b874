import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { newMember, virtualAuthenticator } from "../fixtures";

// Issue 34's second factors in a real browser on the built server: an authenticator app added on Settings → Security
// and asked for after the password; a recovery code in its place; sessions listed and one signed out from another
// (its next request is signed out); the e-mail of a sign-in from a new device; a passkey (Chromium's virtual
// authenticator) added, then signing in alone and as the second factor. WebAuthn refuses IP hosts, so these pages are
// opened at localhost (the relying party is APP_URL's default, http://localhost:<port>).

const PORT = Number(process.env.E2E_PORT ?? 3107);
const SITE = `http://localhost:${PORT}`;
const PASSWORD = "factor-password-1";
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function newBrowser(browser: Browser, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}

async function password(page: Page, email: string) {
  await page.goto(`${SITE}/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("an authenticator app, the second step, recovery codes, sessions and the new-device e-mail", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = newMember("factor", PASSWORD);
  const laptop = await newBrowser(browser);
  await password(laptop.page, email);
  await expect(laptop.page).not.toHaveURL(/\/sign-in/);

  await laptop.page.goto(`${SITE}/settings/security`);
  await expect(laptop.page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
  await laptop.page.getByRole("button", { name: "Add an authenticator app" }).click();
  const secret = (await laptop.page.locator("#totp-secret").textContent())!.trim();
  expect((await laptop.page.locator("#totp-uri").textContent())!).toContain("otpauth://totp/Relay:");
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  });
  await laptop.page.getByLabel("Code from the app").fill("000000");
  await laptop.page.getByRole("button", { name: "Confirm" }).click();
  await expect(laptop.page.getByText("That code is not right")).toBeVisible();
  await laptop.page.getByLabel("Code from the app").fill(totp.generate());
  await laptop.page.getByRole("button", { name: "Confirm" }).click();
  await expect(laptop.page.getByText("Authenticator added.")).toBeVisible();
  const codes = await laptop.page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  for (const width of [390, 1280]) {
    await laptop.page.setViewportSize({ width, height: 900 });
    expect(await axe(laptop.page), `${width} px, codes shown`).toEqual([]);
  }
  await laptop.page.getByRole("button", { name: "I have saved them" }).click();
  await expect(laptop.page.getByTestId("authenticator-on")).toBeVisible();

  // Another browser: the password, then a second step; a wrong code is refused, a recovery code lets it in.
  const phone = await newBrowser(browser, 390);
  await password(phone.page, email);
  await expect(phone.page.getByRole("heading", { name: "Confirm it is you" })).toBeVisible();
  expect(await axe(phone.page), "the second step").toEqual([]);
  await phone.page.getByLabel("Code from your authenticator app").fill("123456");
  await phone.page.getByRole("button", { name: "Confirm" }).click();
  await expect(phone.page.getByText("That code was not accepted.")).toBeVisible();
  await phone.page.getByLabel("Code from your authenticator app").fill(codes[0]!);
  await phone.page.getByRole("button", { name: "Confirm" }).click();
  await expect(phone.page).not.toHaveURL(/\/sign-in/);

  // The laptop lists both sessions, itself marked, and signs the phone out: the phone's next request is signed out.
  await laptop.page.goto(`${SITE}/settings/security`);
  await expect(laptop.page.getByTestId("recovery-codes-left")).toHaveText("9 of 10 recovery codes left.");
  const rows = laptop.page.getByTestId("session-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "This device" })).toHaveCount(1);
  const other = rows.filter({ hasNotText: "This device" });
  await other.getByRole("button", { name: /^Sign out/ }).click();
  await other.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(rows).toHaveCount(1);
  await phone.page.goto(`${SITE}/settings/security`);
  await expect(phone.page).toHaveURL(/\/sign-in/);

  // Each browser was a new device: the worker writes an e-mail for each (no SMTP here: the local outbox).
  await expect(async () => {
    await laptop.page.goto(`${SITE}/settings/notifications/outbox`);
    await expect(laptop.page.getByRole("heading", { name: /^New sign-in to Relay from / })).toHaveCount(2);
  }).toPass({ timeout: 30_000 });
  await laptop.page.screenshot({ path: "test-results/new-device-outbox.png", fullPage: true });
  await laptop.context.close();
  await phone.context.close();
});

test("a passkey: added on Settings → Security, then signing in alone and after the password", async ({ browser }) => {
  test.setTimeout(120_000);
  const email = newMember("passkey", PASSWORD);
  const { context, page } = await newBrowser(browser);
  await virtualAuthenticator(context, page);

  await password(page, email);
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.goto(`${SITE}/settings/security`);
  await page.getByLabel("Name").fill("Work laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await expect(page.getByTestId("passkey-row")).toContainText("Work laptop");
  // Chromium's virtual authenticator keeps its credentials on itself: not backed up, not synced.
  await expect(page.getByTestId("passkey-row")).toContainText("This device only");
  await page.screenshot({ path: "test-results/security-passkey.png", fullPage: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axe(page), `${width} px, a passkey listed`).toEqual([]);
  }

  // Rename it.
  await page.getByRole("button", { name: "Rename passkey Work laptop" }).click();
  await page.getByLabel("New name for Work laptop").fill("Laptop");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("passkey-row")).toContainText("Laptop");

  // Sign this browser out (its own session), then in with the passkey alone.
  const here = page.getByTestId("session-row").filter({ hasText: "This device" });
  await here.getByRole("button", { name: /^Sign out/ }).click();
  await here.getByRole("button", { name: "Sign out", exact: true }).click();
  // The page, rendered again after the action, finds its own session signed out: it goes to sign-in.
  await expect(page).toHaveURL(/\/sign-in/, { timeout: 15_000 });
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.goto(`${SITE}/settings/security`);
  await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();

  // After the password, the passkey is the second factor.
  await context.clearCookies({ name: "next-auth.session-token" });
  await password(page, email);
  await expect(page.getByRole("heading", { name: "Confirm it is you" })).toBeVisible();
  await page.getByRole("button", { name: "Use your passkey" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);

  // Three sign-ins from this one browser (its device cookie): one new-device e-mail, for the first.
  await page.waitForTimeout(3_000); // the worker's poll (1 s) and the job
  await page.goto(`${SITE}/settings/notifications/outbox`);
  await expect(page.getByRole("heading", { name: /^New sign-in to Relay from / })).toHaveCount(1);
  await context.close();
});
