import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { cli, idem } from "../fixtures";

// A person who relies on a screen reader and the keyboard (issue 35 item 6), in a workspace of this file's own: a
// message that arrives in the open thread is said aloud through the page's live region (who sent it, and its text);
// in the approvals inbox, Tab alone reaches a draft's Approve button, its focus is shown, Enter approves, and the
// decision is said aloud though its card leaves the page.

const PASSWORD = "screen-reader-password-1";
const tag = randomBytes(4).toString("hex");
const slug = `e2e-sr-${tag}`;
const email = `ines.${tag}@example.com`;
let bot: { handle: string; api_key: string };
let conversationId: string;

test.beforeAll(() => {
  cli("workspace", "create", "--slug", slug, "--name", `Screen reader ${tag}`);
  cli("person", "create", "--workspace", slug, "--email", email, "--name", "Inês", "--handle", `ines.${tag}`,
    "--password", PASSWORD, "--role", "admin");
  bot = cli("bot", "create", "--workspace", slug, "--handle", `courier-${tag}`, "--name", "Courier", "--established",
    "--as", email) as typeof bot;
  conversationId = (
    cli("conversation", "create", "--workspace", slug, "--as", email, "--title", "Parcel", "--bot", bot.handle, "--json") as {
      id: string;
    }
  ).id;
});

async function asBot(page: Page, path: string, data: object) {
  const response = await page.request.post(`/api/public/v1/conversations/${conversationId}/${path}`, {
    headers: { authorization: `Bearer ${bot.api_key}`, "idempotency-key": idem() },
    data,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

test("new messages and decisions are said aloud; the approvals inbox works by keyboard alone, with focus shown", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/chat/${slug}/c/${conversationId}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Password").press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Parcel" })).toBeVisible();
  await expect(page.locator("[data-live]")).toHaveAttribute("data-live", "live");

  // The live region is silent on arrival, then says the bot's message once it comes.
  const region = page.getByRole("status").and(page.locator("#relay-announcer"));
  await expect(region).toHaveText("");
  await asBot(page, "messages", { body: "Your parcel left the depot." });
  await expect(page.getByTestId("message").filter({ hasText: "Your parcel left the depot." })).toBeVisible();
  await expect(region).toHaveText("New message from Courier: Your parcel left the depot.");

  // A draft waits in the inbox: Tab alone reaches its Approve button.
  await asBot(page, "drafts", { body: "Shall I ask the courier to leave it with a neighbour?" });
  await page.goto(`/chat/${slug}/approvals`);
  const approve = page.getByTestId("draft-card").getByRole("button", { name: "Approve", exact: true });
  await expect(approve).toBeVisible();
  let presses = 0;
  while (!(await approve.evaluate((el) => el === document.activeElement)) && presses < 80) {
    await page.keyboard.press("Tab");
    presses++;
  }
  await expect(approve).toBeFocused();
  // Its focus is shown: the browser's :focus-visible holds, and the button draws a ring or an outline for it.
  const shown = await approve.evaluate((el) => {
    const style = getComputedStyle(el);
    return { visible: el.matches(":focus-visible"), ring: style.boxShadow !== "none" || style.outlineStyle !== "none" };
  });
  expect(shown).toEqual({ visible: true, ring: true });
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("draft-card")).toHaveCount(0);
  await expect(region).toHaveText("Approved and sent");
  await context.close();
});
