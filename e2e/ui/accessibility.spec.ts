import { expect, test } from "@playwright/test";
import { adminPages, axeViolations as violations, demoWorld } from "../fixtures";

// Every page a person reaches from the chat, the portal and the settings, signed in as the demo workspace's admin
// (who sees the most: admin pages, approvals, every form), and the pages a signed-out visitor reaches, at 390 and
// 1280 px, against axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules. One test per width collects every page's
// violations and shows them together, so one run names everything to mend. The consent and unsubscribe pages need a
// token and are checked by their own specs (names.spec.ts, notifications.spec.ts); the demo's tour, shown only while
// its bots run, by demo-alive.spec.ts.

const world = demoWorld();
const ana = world.people[0]!;


for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`every page passes axe-core's WCAG 2.2 AA rules at ${viewport.width} px`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};

    // Signed out: the sign-in page (as it is, and saying a sign-in failed), an unknown address and an unknown
    // unsubscribe link.
    for (const path of ["/sign-in", "/sign-in?error=CredentialsSignin", "/no-such-page", "/unsubscribe/not-a-token"]) {
      await page.goto(path);
      await page.waitForLoadState("load");
      const seen = await violations(page);
      if (seen.length) found[`${path} (signed out)`] = seen;
    }
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(ana.email);
    await page.getByLabel("Password").fill(ana.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).not.toHaveURL(/\/sign-in/);

    for (const path of adminPages()) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.waitForLoadState("load");
      const seen = await violations(page);
      if (seen.length) found[path] = seen;
    }
    // The not-found pages, signed in: the app's and the portal's (inside its chrome).
    for (const path of ["/no-such-page", "/developers/bots/00000000-0000-4000-8000-000000000000"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      await page.waitForLoadState("load");
      const seen = await violations(page);
      if (seen.length) found[path] = seen;
    }
    await context.close();
    expect(found).toEqual({});
  });
}
