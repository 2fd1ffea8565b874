import { createHash, randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { cli, demoWorld, idem, newConversation } from "../fixtures";

// Issue 31, finding 3, in a real browser at 390 and 1280 px: names cannot pass for other names where a person
// decides. The consent page's heading shows an OAuth client's right-to-left override as a token, isolated, with the
// warning beside Allow; the portal shows a bot's override as a token and a look-alike bot's warning; the chat shows
// a zero width space as a token a screen reader names, and an emoji ZWJ sequence as one emoji. Each page passes
// axe-core. Screenshots of each are saved in test-results/.

const world = demoWorld();
const ana = world.people[0]!;
const bot = world.bots[0]!; // established: its messages are sent at once
const suffix = randomBytes(3).toString("hex");
const CLIENT = "Claude \u202eedoc.evil";
const SPOOF_BOT = "Ops \u202eedoc.evil";
const LOOK_ALIKE = "\u0412illing"; // a Cyrillic В
const ZERO_WIDTH = `Pay\u200bpal invoice ${suffix}`;
const EMOJI = `Ship it \u{1F469}\u200d\u{1F4BB} now \u{1F4BB} ${suffix}`;
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

let conversationId: string;
let lookAlikeId: string;

async function signIn(page: Page) {
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("Email").fill(ana.email);
  await page.getByLabel("Password").fill(ana.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** No axe-core violation (WCAG 2.1 A and AA rules and axe's best practices) on the page, or in the parts named. */
async function accessible(page: Page, ...within: string[]) {
  const axe = new AxeBuilder({ page });
  for (const selector of within) axe.include(selector);
  const { violations } = await axe.analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    "axe-core violations",
  ).toEqual([]);
}

/** The page does not scroll sideways, and the element ends inside the viewport. */
async function fits(page: Page, element: Locator) {
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  expect(width.scroll, "the page scrolls sideways").toBeLessThanOrEqual(width.inner);
  const box = (await element.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(width.inner);
}

/** A client registered by Dynamic Client Registration under `name`, and an authorization URL for it (PKCE S256). */
async function authorizationUrl(app: URL, name: string): Promise<string> {
  const redirectUri = "http://127.0.0.1:9/callback";
  const registered = await fetch(new URL("/oauth/register", app), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: name, redirect_uris: [redirectUri], token_endpoint_auth_method: "none" }),
  });
  expect(registered.status).toBe(201);
  const { client_id } = (await registered.json()) as { client_id: string };
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL("/oauth/authorize", app);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id,
    redirect_uri: redirectUri,
    scope: "read",
    resource: new URL("/api/mcp", app).href,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state: suffix,
  }).toString();
  return url.href;
}

test.beforeAll(async ({ request }) => {
  const create = (handle: string, name: string) =>
    cli(
      "bot",
      "create",
      "--workspace",
      world.workspace.slug,
      "--handle",
      handle,
      "--name",
      name,
      "--as",
      ana.email,
    ) as {
      id: string;
      name_warnings: string[];
    };
  create(`billing-${suffix}`, "Billing");
  const lookAlike = create(`vbilling-${suffix}`, LOOK_ALIKE);
  // Registered all the same, and told at once (the CLI's answer; a worker started again after a failure meets the
  // bots of the first one too).
  expect(lookAlike.name_warnings).toEqual(
    expect.arrayContaining([
      "This name mixes Cyrillic and Latin letters",
      `This name looks like the bot “Billing” (@billing-${suffix})`,
    ]),
  );
  lookAlikeId = lookAlike.id;
  create(`ops-${suffix}`, SPOOF_BOT);

  conversationId = newConversation(ana.email, `Names ${suffix}`, { bot: bot.handle });
  for (const body of [ZERO_WIDTH, EMOJI]) {
    const response = await request.post(`/api/public/v1/conversations/${conversationId}/messages`, {
      headers: { authorization: `Bearer ${bot.api_key}`, "idempotency-key": idem() },
      data: { body },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
});

for (const viewport of VIEWPORTS) {
  test(`the consent page shows a client's override as a token in its heading, and warns beside Allow, at ${viewport.width} px`, async ({
    page,
    baseURL,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    // APP_URL is http://localhost:<port>: the issuer and the resource the authorization is for.
    const app = new URL(baseURL!);
    app.hostname = "localhost";
    await page.goto(await authorizationUrl(app, CLIENT));
    await signIn(page);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Allow Claude [U+202E]edoc.evil to use Relay as you?");
    // The name is isolated, and its override is a token, never the character (which would make it read
    // "Allow Claude live.code ...").
    await expect(heading.locator("bdi")).toHaveCount(1);
    expect(await heading.innerHTML()).not.toContain("\u202e");
    await expect(heading.getByRole("img", { name: "Hidden character U+202E, Right-to-left override" })).toBeVisible();
    // In logical order on screen: "Claude", the token, then "edoc.evil", left to right and line by line (the name
    // wraps on a phone).
    const places = await heading.locator("bdi").evaluate((bdi) => {
      const at = (text: string) => {
        const walker = document.createTreeWalker(bdi, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const i = node.textContent!.indexOf(text);
          if (i === -1) continue;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getBoundingClientRect();
          return [Math.round(rect.top), rect.left] as const;
        }
        throw new Error(`no ${text}`);
      };
      return [at("Claude"), at("["), at("edoc"), at("c.evil"), at("evil")];
    });
    // Each next one is to the right on the same line (tops within a few pixels: the token's type is smaller), or on
    // a line below.
    for (let i = 1; i < places.length; i++) {
      const [top, left] = places[i]!;
      const [previousTop, previousLeft] = places[i - 1]!;
      if (Math.abs(top - previousTop) <= 8) expect(left, `character ${i} on screen`).toBeGreaterThan(previousLeft);
      else expect(top, `character ${i} on screen`).toBeGreaterThan(previousTop);
    }

    // The warning, as text, right above Allow, and Allow's description for a screen reader.
    const warnings = page.getByRole("alert").filter({ hasText: "Check this assistant's name" });
    await expect(warnings).toContainText("This name holds hidden characters: Right-to-left override (U+202E)");
    const allow = page.getByRole("button", { name: "Allow" });
    await expect(allow).toHaveAccessibleDescription(/hidden characters: Right-to-left override/);
    const warned = (await warnings.boundingBox())!;
    const button = (await allow.boundingBox())!;
    expect(button.y).toBeGreaterThanOrEqual(warned.y + warned.height);
    expect(button.y - (warned.y + warned.height)).toBeLessThan(40);
    await fits(page, heading);
    await fits(page, warnings);
    await accessible(page);
    await page.screenshot({ path: testInfo.outputPath(`consent-${viewport.width}.png`), fullPage: true });
  });

  test(`the portal shows a bot's override as a token and warns of a look-alike bot, at ${viewport.width} px`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.goto("/developers");
    await signIn(page);
    await expect(page).toHaveURL(/\/developers$/);
    // A bot's row: the one with its handle (another row's warning may name it too).
    const row = (handle: string) =>
      page.getByRole("row").filter({ has: page.getByText(`@${handle}`, { exact: true }) });
    const spoofRow = row(`ops-${suffix}`);
    await expect(spoofRow).toContainText("Ops [U+202E]edoc.evil");
    await expect(
      spoofRow.getByRole("link").getByRole("img", { name: "Hidden character U+202E, Right-to-left override" }),
    ).toBeVisible();
    await expect(spoofRow.getByTestId("name-warnings")).toContainText("This name holds hidden characters");
    const lookAlikeRow = row(`vbilling-${suffix}`);
    await expect(lookAlikeRow.getByTestId("name-warnings")).toContainText(
      `This name looks like the bot “Billing” (@billing-${suffix})`,
    );
    // The first Billing is told of its look-alike too: judged where it is shown.
    await expect(row(`billing-${suffix}`).getByTestId("name-warnings")).toContainText(
      `looks like the bot “${LOOK_ALIKE}” (@vbilling-${suffix})`,
    );
    // The table scrolls inside its card on a phone; the name's cell is what must fit.
    await fits(page, lookAlikeRow.getByRole("cell").first());
    // The bots' cells: the page as a whole has older contrast failures this issue leaves (slate-400 text: the
    // workspace's slug, "Not set").
    await accessible(page, "tbody td:first-child");
    await lookAlikeRow.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`portal-bots-${viewport.width}.png`) });

    await page.goto(`/developers/bots/${lookAlikeId}`);
    const warnings = page.getByRole("alert").filter({ hasText: "People may mistake this bot's name" });
    await expect(warnings).toContainText("This name mixes Cyrillic and Latin letters");
    await expect(warnings).toContainText(`This name looks like the bot “Billing” (@billing-${suffix})`);
    await expect(page.getByRole("heading", { level: 1 }).locator("bdi").first()).toHaveText(LOOK_ALIKE);
    await fits(page, warnings);
    // The title and its warning: the rest of the page has older failures this issue leaves (slate-400 text, the
    // signing secrets' scrolling table without a focusable region).
    await accessible(page, "h1", '[role="alert"]');
    await page.screenshot({ path: testInfo.outputPath(`portal-bot-${viewport.width}.png`) });
  });

  test(`the chat shows a zero width space as a named token and an emoji ZWJ sequence as one emoji, at ${viewport.width} px`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.goto(`/chat/${world.workspace.slug}/c/${conversationId}`);
    await signIn(page);
    const zeroWidth = page.getByTestId("message-body").filter({ hasText: `invoice ${suffix}` });
    await expect(zeroWidth).toHaveText(`Pay[U+200B]pal invoice ${suffix}`);
    await expect(zeroWidth.getByRole("img", { name: "Hidden character U+200B, Zero width space" })).toBeVisible();
    await expect(zeroWidth.getByTestId("hidden-character")).toHaveAttribute("title", /^Zero width space \(U\+200B\)/);

    const emoji = page.getByTestId("message-body").filter({ hasText: `now` }).filter({ hasText: suffix });
    await expect(emoji).toBeVisible();
    await expect(emoji.getByTestId("hidden-character")).toHaveCount(0);
    expect(await emoji.textContent()).toContain("\u{1F469}\u200d\u{1F4BB}");
    // Drawn as one emoji: the sequence is as wide as the lone laptop beside it, not as two.
    const widths = await emoji.evaluate((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent!;
        const sequence = text.indexOf("\u{1F469}\u200d\u{1F4BB}");
        if (sequence === -1) continue;
        const lone = text.indexOf("\u{1F4BB}", sequence + 5);
        const width = (start: number, end: number) => {
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, end);
          return range.getBoundingClientRect().width;
        };
        return { sequence: width(sequence, sequence + 5), lone: width(lone, lone + 2) };
      }
      throw new Error("no emoji sequence");
    });
    expect(widths.lone).toBeGreaterThan(0);
    expect(widths.sequence).toBeLessThan(widths.lone * 1.3);
    await fits(page, zeroWidth);
    // The bubbles themselves: the chat page as a whole has older violations this issue leaves (the composer's
    // textarea as a combobox, the logo link's name at 390 px, the timestamps' contrast).
    await accessible(page, '[data-testid="message-body"]');
    await emoji.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`chat-names-${viewport.width}.png`) });
    await emoji.screenshot({ path: testInfo.outputPath(`emoji-${viewport.width}.png`) });
  });
}
