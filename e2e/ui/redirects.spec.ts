import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { demoWorld } from "../fixtures";

// Issue 31, findings 1 and 2, in Chromium: a redirect target is judged in one place (lib/http/redirect-target.ts).
// Before, `/sign-in?callbackUrl=/%09/evil.example` answered `Location: /\t/evil.example`, which Chromium reads as
// `//evil.example` (it drops tabs from URLs) and left for the other site, signed in or after the form; a newline or
// a character outside Latin-1 in the target was a 500 (ERR_INVALID_CHAR in the Location header).

const HOSTILE = ["/%09/evil.example", "/%0a/evil.example", "/%5c/evil.example", "/%2f%2fevil.example", "//evil.example"];

/** Every request the browser makes to a host other than ours, aborted and remembered (the network is closed anyway). */
async function recordForeignRequests(context: BrowserContext, ours: string): Promise<string[]> {
  const foreign: string[] = [];
  await context.route(
    (url) => url.host !== ours,
    async (route) => {
      foreign.push(route.request().url());
      await route.abort();
    },
  );
  return foreign;
}

async function signInWithForm(page: Page) {
  const ana = demoWorld().people[0]!;
  await page.getByLabel("Email").fill(ana.email);
  await page.getByLabel("Password").fill(ana.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("signed out, the sign-in form never leaves for a hostile callbackUrl", async ({ page, context, baseURL }) => {
  const ours = new URL(baseURL!).host;
  const foreign = await recordForeignRequests(context, ours);
  for (const target of HOSTILE) {
    await context.clearCookies();
    await page.goto(`/sign-in?callbackUrl=${target}`);
    await signInWithForm(page);
    await expect(page).toHaveURL(new RegExp(`^http://${ours}/chat`));
  }
  expect(foreign).toEqual([]);
});

test("signed in, the sign-in page redirects on this site only, and never answers 500", async ({
  page,
  context,
  baseURL,
}) => {
  const ours = new URL(baseURL!).host;
  const foreign = await recordForeignRequests(context, ours);
  await page.goto("/sign-in");
  await signInWithForm(page);
  await expect(page).toHaveURL(/\/chat/);

  for (const target of HOSTILE) {
    const response = await page.goto(`/sign-in?callbackUrl=${target}`);
    expect(response?.status(), target).toBeLessThan(500);
    expect(new URL(page.url()).host, target).toBe(ours);
    expect(new URL(page.url()).pathname, target).toMatch(/^\/chat/);
  }

  // Targets on this site that the Location header could not hold as they came: encoded, followed, never a 500.
  for (const [target, path] of [
    ["/%E3%80%80/x", "/%E3%80%80/x"],
    ["/\u3000/x", "/%E3%80%80/x"],
    ["/developers?tab=%C3%A9", "/developers?tab=%C3%A9"],
  ] as const) {
    const response = await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(target)}`);
    expect(response?.status(), target).not.toBe(500);
    const landed = new URL(page.url());
    expect(landed.host).toBe(ours);
    expect(`${landed.pathname}${landed.search}`).toBe(path);
  }

  // The redirect itself, as an HTTP client sees it: a path on this site, never a raw control character.
  const answer = await page.request.get("/sign-in?callbackUrl=/%09/evil.example", { maxRedirects: 0 });
  expect(answer.status()).toBe(307);
  expect(answer.headers()["location"]).toBe("/chat");
  expect(foreign).toEqual([]);
});
