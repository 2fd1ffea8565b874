import { expect, test, type Browser } from "@playwright/test";
import { cli, demoWorld, idem, newMember } from "../fixtures";

// Issue 18's "done", for email: a newcomer (no settings of their own: the defaults) lets a new bot send a message; it
// is held, and the email that tells them is in their outbox within seconds (no SMTP server here). Its link opens the
// approval after sign-in, and approves nothing; its unsubscribe link asks first, and turns email off on the click.

const world = demoWorld();
const scheduler = world.bots[1]!; // the demo's new bot: its messages are held
const password = "notify-me-1234";

async function signIn(browser: Browser, email: string, path: string) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(path);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  return page;
}

test("a held message reaches a newcomer's outbox within seconds; its link opens the approval; unsubscribing asks first", async ({
  browser,
}) => {
  const email = newMember("nia", password);
  const conversation = cli(
    "conversation",
    "create",
    "--workspace",
    world.workspace.slug,
    "--as",
    email,
    "--title",
    "Nia's visit",
    "--bot",
    scheduler.handle,
    "--json",
  ) as { id: string };

  const page = await signIn(browser, email, "/settings/notifications/outbox");
  await expect(page).toHaveURL(/\/settings\/notifications\/outbox$/);
  // Nothing about approvals yet (the e-mail of this first sign-in from a new device may be there: issue 34).
  await expect(page.getByRole("heading", { name: /^Held message from/ })).toHaveCount(0);

  const sent = await page.request.post(`/api/public/v1/conversations/${conversation.id}/messages`, {
    headers: { authorization: `Bearer ${scheduler.api_key}`, "idempotency-key": idem() },
    data: { body: "May I book the visit for Thursday at 9?" },
  });
  expect(sent.status()).toBe(202);
  const held = Date.now();
  const approvalId = ((await sent.json()) as { data: { approval_id: string } }).data.approval_id;

  const item = page.getByTestId("outbox-items").getByRole("listitem").filter({ hasText: "Thursday at 9" });
  await expect(async () => {
    await page.reload();
    await expect(item).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000, intervals: [500] });
  const seconds = (Date.now() - held) / 1000;
  expect(seconds).toBeLessThan(15);
  await expect(page.getByRole("heading", { level: 2 }).first()).toContainText(
    `Held message from ${scheduler.name} (@${scheduler.handle}) in “Nia's visit”`,
  );
  const text = await page.locator("details pre").first().textContent();
  const unsubscribe = /\/unsubscribe\/(\S+)/.exec(text ?? "")?.[0];
  expect(unsubscribe).toBeTruthy();

  // The email's link opens the approval: the thread, at the held message's card. Nothing is approved by opening it.
  await item.getByRole("link", { name: "Open" }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${conversation.id}#draft-${approvalId}$`));
  const card = page.locator(`#draft-${approvalId}`);
  await expect(card).toBeVisible();
  await expect(card.getByRole("button", { name: "Approve" })).toBeVisible();

  // Signed out, the same link goes through sign-in first, then to the thread.
  const path = `/chat/${world.workspace.slug}/c/${conversation.id}`;
  const other = await signIn(browser, email, `${path}#draft-${approvalId}`);
  await expect(other).toHaveURL(new RegExp(`${path}`));
  await expect(other.locator(`[data-draft-id="${approvalId}"]`)).toBeVisible();
  await other.context().close();

  // The unsubscribe link, opened (as a mail scanner would): it only asks.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(unsubscribe!);
  await expect(stranger.getByRole("heading", { level: 1 })).toContainText("Notification emails from");
  await page.goto("/settings/notifications");
  const channels = page.getByTestId("notification-settings-form").first().getByLabel("Tell me by");
  await expect(channels).toHaveValue("both");
  await stranger.getByRole("button", { name: "Turn off these emails" }).click();
  await expect(stranger.getByTestId("unsubscribed")).toContainText("Done:");
  await stranger.context().close();
  await page.reload();
  await expect(channels).toHaveValue("push");
});
