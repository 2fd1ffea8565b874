import { expect, test, type Locator, type Page } from "@playwright/test";
import { cli, demoWorld, idem, newConversation } from "../fixtures";

// Issue 16 in a real browser: a bot's text cannot lie about itself or break the page. A right-to-left override
// shows as a visible token and the text reads in its logical order (never "aexe.live"); a 3,000-character word stays
// inside its bubble, its draft card, the approvals inbox, the facts panel and the contact's page, on a phone (390 px)
// and on a desktop (1280 px), beside the details panel. Screenshots of each are saved in test-results/.

const world = demoWorld();
const ana = world.people[0]!;
const bot = world.bots[0]!; // established: its messages are sent at once
const suffix = Date.now().toString(36);
const SPOOF = "a\u202eevil.exe";
const LONG = `Pneumonoultramicroscopicsilicovolcanoconiosis${"x".repeat(3000)}`.slice(0, 3000);
const LONG_FACT = `Prefers${"y".repeat(493)}`;

let conversationId: string;
let contactId: string;

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel("Email").fill(ana.email);
  await page.getByLabel("Password").fill(ana.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** The element fits its own box (no horizontal overflow) and the page does not scroll sideways. */
async function fits(page: Page, element: Locator) {
  const box = await element.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(box.scroll, "the element's content overflows it").toBeLessThanOrEqual(box.client);
  const pageWidth = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(pageWidth.scroll, "the page scrolls sideways").toBeLessThanOrEqual(pageWidth.inner);
  const rect = (await element.boundingBox())!;
  expect(rect.x + rect.width).toBeLessThanOrEqual(pageWidth.inner);
}

test.beforeAll(async ({ request }) => {
  const contact = cli(
    "contact",
    "create",
    "--workspace",
    world.workspace.slug,
    "--name",
    `Nadia ${suffix}`,
    "--as",
    ana.email,
    "--json",
  ) as { id: string };
  contactId = contact.id;
  conversationId = newConversation(ana.email, `Hostile text ${suffix}`, { contact: contactId, bot: bot.handle });
  const send = async (path: string, data: object) => {
    const response = await request.post(`/api/public/v1${path}`, {
      headers: { authorization: `Bearer ${bot.api_key}`, "idempotency-key": idem() },
      data,
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return ((await response.json()) as { data: { id: string } }).data;
  };
  await send(`/conversations/${conversationId}/messages`, { body: SPOOF });
  const long = await send(`/conversations/${conversationId}/messages`, { body: LONG });
  await send(`/conversations/${conversationId}/drafts`, { body: LONG, rationale: `Because ${SPOOF}` });
  await send(`/contacts/${contactId}/facts`, {
    fact: LONG_FACT,
    key: "preferences.channel",
    source_message_id: long.id,
  });
});

test("a right-to-left override is shown as a token, and the text reads in its logical order", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, `/chat/${world.workspace.slug}/c/${conversationId}`);
  const bubble = page.getByTestId("message-body").filter({ hasText: "evil.exe" });
  await expect(bubble).toBeVisible();
  await expect(bubble).toHaveText("a[U+202E]evil.exe");
  const token = bubble.getByTestId("hidden-character");
  await expect(token).toBeVisible();
  await expect(token).toHaveAttribute("title", /^Right-to-left override \(U\+202E\)/);
  // The text is isolated for bidirectional display.
  expect(await bubble.locator("bdi").count()).toBe(1);
  // Laid out left to right as written: "a", the token, then "e v i l . e x e" in that order on screen.
  const order = await bubble.evaluate((el) => {
    const lefts: Record<string, number> = {};
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        lefts[`${text}#${i}`] = range.getBoundingClientRect().left;
      }
    }
    return lefts;
  });
  const a = order["a#0"]!;
  const e = order["evil.exe#0"]!;
  const v = order["evil.exe#1"]!;
  const x = order["evil.exe#6"]!;
  const last = order["evil.exe#7"]!;
  expect(a).toBeLessThan(e);
  expect(e).toBeLessThan(v);
  expect(v).toBeLessThan(x);
  expect(x).toBeLessThan(last);
  // The rationale of the draft, a bot's text too, shows it the same way.
  await expect(page.getByTestId("draft-rationale").getByTestId("hidden-character")).toBeVisible();
  await bubble.screenshot({ path: testInfo.outputPath("bidi-override.png") });
  await page.screenshot({ path: testInfo.outputPath("thread-bidi.png") });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`a 3,000-character word stays inside its bubble and cards at ${viewport.width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await signIn(page, `/chat/${world.workspace.slug}/c/${conversationId}`);
    const bubble = page.getByTestId("message-body").filter({ hasText: "Pneumono" });
    await expect(bubble).toBeVisible();
    await fits(page, bubble);
    // The chat's section tabs all show, none cut at the edge (an admin has four).
    const tabs = page.getByRole("navigation", { name: "Chat" });
    await expect(tabs.getByRole("link", { name: "Bots & policy" })).toBeVisible();
    await fits(page, tabs);
    const thread = page.getByRole("list", { name: "Messages" });
    const threadBox = (await thread.boundingBox())!;
    const bubbleBox = (await bubble.boundingBox())!;
    expect(bubbleBox.x + bubbleBox.width).toBeLessThanOrEqual(threadBox.x + threadBox.width + 0.5);
    const details = page.getByRole("complementary", { name: "Conversation details" });
    if (viewport.width >= 1024) {
      // Beside the details panel, never under it.
      const panel = (await details.boundingBox())!;
      expect(bubbleBox.x + bubbleBox.width).toBeLessThanOrEqual(panel.x);
      const facts = details.getByTestId("fact-candidate").filter({ hasText: "Prefers" });
      await expect(facts).toBeVisible();
      await fits(page, facts);
      const factBox = (await facts.boundingBox())!;
      expect(factBox.x + factBox.width).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
    } else {
      await expect(details).toBeHidden();
    }
    const draft = page.getByTestId("draft-card").filter({ hasText: "Pneumono" });
    await fits(page, draft);
    await fits(page, draft.getByTestId("draft-body"));
    await page.screenshot({ path: testInfo.outputPath(`thread-${viewport.width}.png`) });
    await bubble.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: testInfo.outputPath(`long-word-${viewport.width}.png`) });

    await page.goto(`/chat/${world.workspace.slug}/approvals`);
    const inbox = page.getByTestId("draft-card").filter({ hasText: "Pneumono" });
    await expect(inbox).toBeVisible();
    await fits(page, inbox);
    await fits(page, inbox.getByTestId("draft-body"));
    await page.screenshot({ path: testInfo.outputPath(`approvals-${viewport.width}.png`) });

    await page.goto(`/chat/${world.workspace.slug}/contacts/${contactId}`);
    const fact = page.getByTestId("fact-candidate").filter({ hasText: "Prefers" });
    await expect(fact).toBeVisible();
    await fits(page, fact);
    await fits(page, fact.getByTestId("fact-text"));
    await fact.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`contact-${viewport.width}.png`) });
  });
}
