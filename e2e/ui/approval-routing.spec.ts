import AxeBuilder from "@axe-core/playwright";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { cli, demoWorld, idem, newMember } from "../fixtures";

// Approval routing and quiet hours (issue 33) in a real browser against the built server: a rule holds a billing
// bot's messages over 500 for two people of Finance; the first approval leaves the item waiting ("1 of 2
// approvals", who approved), the second sends it exactly once; the bot's registrant, in Finance, is not enough alone;
// a member outside Finance is not offered the item; an item nobody decided is escalated to the admins after the
// rule's minute, who are told and may then decide; and a quiet-hours window in the contact's time zone defers the
// bot's send with the right Retry-After and refuses a person's approval with the wait.
//
// The demo workspace is shared by every spec of the run and has one rule set in force: this file's rules name only
// labels it gives to contacts it makes, are added to the rules in force (exported first), and those rules are
// imported back at the end. Every item it holds also mentions money, so the built-in rules hold it too: the dry run
// of another spec (policy-rules.spec.ts), which sets this file's rules aside, still counts it as held.

const world = demoWorld();
const [ana] = world.people; // an admin: changes rules, groups, labels and time zones
const slug = world.workspace.slug;
const password = "routing-approvals-1234";
const tag = Date.now().toString(36);
const moneyLabel = `e2e-money-${tag}`;
const escalateLabel = `e2e-escalate-${tag}`;
const quietLabel = `e2e-quiet-${tag}`;
const quietHoldSlug = `e2e-quiet-hold-${tag}`;
const group = `finance-${tag}`;

const moneyRule = (label: string, escalate?: { afterMinutes: number; group: string }) => ({
  slug: label,
  description: `Messages over 500 to contacts marked ${label} need two people from Finance`,
  match: { contactLabels: [label], content: [{ kind: "money", over: 500 }] },
  outcome: { hold: { group, approvals: 2, ...(escalate ? { escalate } : {}) } },
});
const MY_RULES = [
  {
    slug: quietLabel,
    description: `Nothing goes to contacts marked ${quietLabel} between 21:00 and 08:00 in their time zone`,
    match: { contactLabels: [quietLabel], window: { start: "21:00", end: "08:00", timeZone: "contact" } },
    outcome: { defer: { until: "window-end" } },
  },
  {
    slug: quietHoldSlug,
    match: { contactLabels: [quietLabel], content: [{ kind: "money", over: 500 }] },
    outcome: { hold: { group, approvals: 1 } },
  },
  moneyRule(moneyLabel),
  moneyRule(escalateLabel, { afterMinutes: 1, group: "role:admin" }),
];

let dir: string;
let before: { rules: unknown[] };
let fiona: string; // Finance
let felix: string; // Finance
let rex: string; // Finance, registered the billing bot
let otto: string; // a member outside Finance: makes the conversations, so he sees them
let boss: string; // an admin made for this file: the escalation's
let bot: { handle: string; name: string; api_key: string };
const leftOver: string[] = []; // items this file leaves pending: rejected at the end

function importRules(rules: unknown[], reason: string) {
  const file = path.join(dir, `rules-${randomBytes(4).toString("hex")}.json`);
  writeFileSync(file, JSON.stringify({ rules }));
  return cli("policy", "rules", "import", slug, file, "--reason", reason, "--as", ana!.email) as { version: number };
}

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "e2e-routing-"));
  fiona = newMember("fiona", password);
  felix = newMember("felix", password);
  rex = newMember("rex", password);
  otto = newMember("otto", password);
  const bossTag = randomBytes(4).toString("hex");
  boss = `boss.${bossTag}@example.com`;
  cli(
    "person", "create", "--workspace", slug, "--email", boss, "--name", "Bea Boss", "--handle", `boss.${bossTag}`,
    "--password", password, "--role", "admin",
  );
  cli("policy", "groups", "save", slug, group, "--name", "Finance", "--member", fiona, "--member", felix, "--member", rex, "--as", ana!.email);
  // Rex registers the billing bot (a member may; established, so the new-bot hold does not apply).
  bot = cli(
    "bot", "create", "--workspace", slug, "--handle", `billing-${tag}`, "--name", "Billing", "--established", "--as", rex,
  ) as typeof bot;
  before = cli("policy", "rules", "export", slug, "--as", ana!.email) as { rules: unknown[] };
  importRules([...MY_RULES, ...before.rules], "E2E: approval routing and quiet hours");
});

test.afterAll(() => {
  for (const id of leftOver) {
    try {
      cli("draft", "reject", id, "--note", "E2E clean-up", "--as", fiona);
    } catch {
      // decided already
    }
  }
  importRules(before.rules, "E2E: the rules in force before the approval routing tests");
  rmSync(dir, { recursive: true, force: true });
});

/** A contact with `labels` (and `timeZone`), and a conversation of Otto's with it and the billing bot; its id. */
function conversationWith(name: string, labels: string[], timeZone?: string) {
  const contact = cli("contact", "create", "--workspace", slug, "--name", name, "--as", ana!.email) as { id: string };
  setContact(contact.id, labels, timeZone);
  const conversation = cli(
    "conversation", "create", "--workspace", slug, "--as", otto, "--title", `${name}'s invoice`, "--contact", contact.id,
    "--bot", bot.handle, "--json",
  ) as { id: string };
  return { contactId: contact.id, conversationId: conversation.id };
}

function setContact(contactId: string, labels: string[], timeZone?: string) {
  cli("contact", "labels", contactId, ...labels.flatMap((l) => ["--label", l]), ...(timeZone ? ["--time-zone", timeZone] : []), "--as", ana!.email);
}

async function signIn(browser: Browser, email: string, to: string, width = 1280) {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await page.goto(to);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${to}$`));
  return page;
}

/** axe on the page, or on the part of it `within` selects. */
async function accessible(page: Page, within?: string) {
  const axe = new AxeBuilder({ page });
  if (within) axe.include(within);
  const results = await axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** What the send answers: its data (202) or its error (429). */
interface Answer {
  data: { approval_id: string; reasons: string[] };
  error: { code: string; reasons: string[]; retry_after: number };
}

async function send(page: Page, conversationId: string, body: string) {
  const response = await page.request.post(`/api/public/v1/conversations/${conversationId}/messages`, {
    headers: { authorization: `Bearer ${bot.api_key}`, "idempotency-key": idem() },
    data: { body },
  });
  return { status: response.status(), headers: response.headers(), json: (await response.json()) as Answer };
}

/** How many messages of the conversation say exactly `body`, as the bot reads them. */
async function sentCount(page: Page, conversationId: string, body: string) {
  const response = await page.request.get(`/api/public/v1/conversations/${conversationId}/messages?limit=100`, {
    headers: { authorization: `Bearer ${bot.api_key}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { body: string }[] }).data.filter((m) => m.body === body).length;
}

async function hold(page: Page, conversationId: string, body: string, rule: string) {
  const held = await send(page, conversationId, body);
  expect(held.status).toBe(202);
  expect(held.json.data.reasons).toEqual(["sensitive_money", `rule:${rule}`]);
  return held.json.data.approval_id as string;
}

const inbox = `/chat/${slug}/approvals`;
const card = (page: Page, id: string) => page.locator(`[data-testid="draft-card"][data-draft-id="${id}"]`);

test("two people of Finance approve in the browser: the first leaves it waiting, 1 of 2; the second sends it once", async ({
  browser,
  page,
}) => {
  const body = "Your invoice comes to $1,200 this month.";
  const { conversationId } = conversationWith("Ida Invoice", [moneyLabel]);
  const id = await hold(page, conversationId, body, moneyLabel);

  const first = await signIn(browser, fiona, inbox);
  const item = card(first, id);
  await expect(item.getByTestId("draft-body")).toHaveText(body);
  await expect(item.getByTestId("draft-reasons")).toContainText(`The workspace's rule “${moneyLabel}”`);
  await expect(item.getByTestId("draft-approvals")).toHaveText(`0 of 2 approvals from the group “${group}”`);
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(item.getByTestId("draft-approvals")).toHaveText(
    `1 of 2 approvals from the group “${group}” · approved by Fiona · you approved; it waits for someone else`,
  );
  expect(await sentCount(page, conversationId, body)).toBe(0);

  // The second person of Finance, in a browser of their own, on a laptop and on a phone (with axe).
  const second = await signIn(browser, felix, inbox);
  const waiting = card(second, id);
  await expect(waiting.getByTestId("draft-approvals")).toHaveText(`1 of 2 approvals from the group “${group}” · approved by Fiona`);
  await accessible(second);
  await second.setViewportSize({ width: 390, height: 844 });
  await second.reload();
  await expect(waiting.getByTestId("draft-approvals")).toBeVisible();
  await accessible(second);
  await second.screenshot({ path: "test-results/approval-routing-390.png", fullPage: true });
  await second.setViewportSize({ width: 1280, height: 900 });
  await waiting.getByRole("button", { name: "Approve" }).click();
  await expect(waiting).toHaveCount(0);
  expect(await sentCount(page, conversationId, body)).toBe(1);

  // The conversation shows it once, approved (Otto made the conversation; Finance decided it from outside).
  const thread = await signIn(browser, otto, `/chat/${slug}/c/${conversationId}`);
  const sent = thread.getByTestId("message").filter({ hasText: body });
  await expect(sent).toHaveCount(1);
  await expect(sent.getByTestId("approved-by")).toHaveText("· approved by Felix");
  await expect(thread.locator(`[data-draft-id="${id}"]`)).toHaveCount(0);
  await first.reload();
  await expect(card(first, id)).toHaveCount(0);
  expect(await sentCount(page, conversationId, body)).toBe(1);
});

test("an edit between viewing and approving is refused: the page shows the new text, and approving that sends it once (issue 34)", async ({
  browser,
  page,
}) => {
  const body = "The repair comes to $1,800 in total.";
  const edited = "The repair comes to $1,650 in total.";
  const { conversationId } = conversationWith("Eddie Edit", [moneyLabel]);
  const id = await hold(page, conversationId, body, moneyLabel);

  // Felix reads the item. His page's live updates are held back: the moment before an update arrives, made to last.
  const reader = await signIn(browser, felix, inbox);
  await reader.route("**/stream", (route) => route.abort());
  await reader.reload();
  const item = card(reader, id);
  await expect(item.getByTestId("draft-body")).toHaveText(body);

  // Meanwhile Fiona edits the amount and approves (1 of 2).
  cli("draft", "approve", id, "--body", edited, "--as", fiona);

  // Felix approves what he read: refused, nothing sent, and the page shows the new text.
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(reader.getByRole("alert").filter({ hasText: "changed since you opened it" })).toBeVisible();
  await expect(item.getByTestId("draft-body")).toHaveText(edited);
  expect(await sentCount(page, conversationId, body)).toBe(0);
  expect(await sentCount(page, conversationId, edited)).toBe(0);

  // Having read it, he approves the new text: sent once.
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(item).toHaveCount(0);
  expect(await sentCount(page, conversationId, edited)).toBe(1);
  expect(await sentCount(page, conversationId, body)).toBe(0);
});

test("the bot's registrant alone is not enough when a rule asks two: their approval counts once and it waits", async ({
  browser,
  page,
}) => {
  const body = "The renewal comes to $2,400 for the year.";
  const { conversationId } = conversationWith("Rita Renewal", [moneyLabel]);
  const id = await hold(page, conversationId, body, moneyLabel);
  leftOver.push(id);

  const registrant = await signIn(browser, rex, inbox);
  const item = card(registrant, id);
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(item.getByTestId("draft-approvals")).toHaveText(
    `1 of 2 approvals from the group “${group}” · approved by Rex · you approved; it waits for someone else`,
  );
  // Again: one person counts once, and the browser says what it waits for.
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(item.getByRole("alert")).toHaveText(
    "You already approved this held message; it waits for 1 more approval(s) from other people",
  );
  await registrant.reload();
  await expect(card(registrant, id).getByTestId("draft-approvals")).toContainText("1 of 2 approvals");
  // Nor through another door (the CLI).
  expect(() => cli("draft", "approve", id, "--as", rex)).toThrow(/You already approved/);
  expect(await sentCount(page, conversationId, body)).toBe(0);
});

test("a member outside Finance is not offered the routed item: not in the inbox, no Approve in the conversation", async ({
  browser,
  page,
}) => {
  const body = "A refund of $700 is on its way.";
  const { conversationId } = conversationWith("Rolf Refund", [moneyLabel]);
  const id = await hold(page, conversationId, body, moneyLabel);
  leftOver.push(id);

  // Otto made the conversation and sees it, but the rule names Finance.
  const outsider = await signIn(browser, otto, inbox);
  await expect(outsider.getByRole("heading", { name: "Approvals", level: 1 })).toBeVisible();
  await expect(card(outsider, id)).toHaveCount(0);
  // Everything the bot said in Otto's conversations was routed to Finance: nothing waits for him.
  await expect(outsider.getByText("Nothing waits for a person.")).toBeVisible();
  await expect(outsider.getByText(body)).toHaveCount(0);

  await outsider.goto(`/chat/${slug}/c/${conversationId}`);
  const waiting = outsider.locator(`[data-draft-id="${id}"]`);
  await expect(waiting).toBeVisible();
  await expect(waiting.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(waiting.getByRole("button", { name: "Reject" })).toHaveCount(0);
  await expect(waiting.getByTestId("draft-approvals")).toHaveText(`0 of 2 approvals from the group “${group}”`);
  await expect(waiting.getByTestId("draft-not-decidable")).toContainText(
    `A workspace rule asks the group “${group}” to decide this; it is not offered to you.`,
  );
  // axe on the item as shown to him (the rest of the conversation page is not this file's).
  await accessible(outsider, `[data-draft-id="${id}"]`);
  await outsider.screenshot({ path: "test-results/approval-routing-not-offered.png" });

  // Finance is offered it.
  const finance = await signIn(browser, fiona, inbox);
  await expect(card(finance, id).getByRole("button", { name: "Approve" })).toBeVisible();
  expect(await sentCount(page, conversationId, body)).toBe(0);
});

test("an item nobody decided is escalated to the admins after the rule's minute: told, and offered it", async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const body = "The deposit of $950 is due on Friday.";
  const { conversationId } = conversationWith("Esme Escrow", [escalateLabel]);
  const id = await hold(page, conversationId, body, escalateLabel);
  leftOver.push(id);

  const admin = await signIn(browser, boss, inbox);
  await expect(card(admin, id)).toHaveCount(0);
  // The reminders sweep runs every minute: within about two minutes of the hold, the admin is told.
  const told = admin
    .getByTestId("notifications")
    .getByRole("listitem")
    .filter({ hasText: `Nobody decided in 1 min, you may now: Held message from Billing` });
  await expect(async () => {
    await admin.reload();
    await expect(told).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 200_000, intervals: [5_000] });
  await expect(told).toContainText(body);
  const item = card(admin, id);
  await expect(item.getByTestId("draft-approvals")).toHaveText(`0 of 2 approvals from the group “${group}”`);
  await told.getByRole("link").click();
  await expect(admin).toHaveURL(new RegExp(`/chat/${slug}/approvals#draft-${id}$`));

  // The escalation group decides too: the admin's approval is one of the two.
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(item.getByTestId("draft-approvals")).toHaveText(
    `1 of 2 approvals from the group “${group}” · approved by Bea Boss · you approved; it waits for someone else`,
  );
  expect(await sentCount(page, conversationId, body)).toBe(0);
});

test("quiet hours in the contact's time zone: the bot's send is deferred until 08:00 there, and an approval waits too", async ({
  browser,
  page,
}) => {
  const day = zoneAtHour(12);
  const night = zoneAtHour(2); // well inside 21:00-08:00
  const body = "The invoice of $900 is ready to pay.";
  const { contactId, conversationId } = conversationWith("Quinn Quiet", [quietLabel], day);
  // In the contact's day, a message over 500 is held for Finance (one approval).
  const id = await hold(page, conversationId, body, quietHoldSlug);
  leftOver.push(id);

  // Night on the contact's clock: the bot's send is deferred until 08:00 there.
  setContact(contactId, [quietLabel], night);
  const asked = Date.now();
  const deferred = await send(page, conversationId, "Good morning!");
  expect(deferred.status).toBe(429);
  expect(deferred.json.error).toMatchObject({ code: "deferred", reasons: [`rule:${quietLabel}`] });
  const retryAfter = Number(deferred.headers["retry-after"]);
  expect(retryAfter).toBe(deferred.json.error.retry_after);
  expect(Math.abs(retryAfter - secondsUntilLocal(night, 8, asked))).toBeLessThanOrEqual(60);
  expect(await sentCount(page, conversationId, "Good morning!")).toBe(0);

  // A person of Finance approves the held item at night: refused with the wait, and it stays pending.
  const approver = await signIn(browser, felix, inbox);
  const item = card(approver, id);
  const clicked = Date.now();
  await item.getByRole("button", { name: "Approve" }).click();
  const alert = item.getByRole("alert");
  await expect(alert).toContainText(`Deferred: outside the hours the workspace's rule rule:${quietLabel} allows; retry after`);
  const shown = Number(/retry after (\d+) s/.exec((await alert.textContent()) ?? "")?.[1]);
  expect(Math.abs(shown - secondsUntilLocal(night, 8, clicked))).toBeLessThanOrEqual(60);
  await approver.reload();
  await expect(card(approver, id).getByRole("button", { name: "Approve" })).toBeVisible();
  expect(await sentCount(page, conversationId, body)).toBe(0);
});

/** The wall clock of `zone` at `at`: minutes since midnight and seconds. */
function wallClock(zone: string, at: number) {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { minute: part("hour") * 60 + part("minute"), second: part("second") };
}

/** A fixed-offset zone whose wall clock now reads `hour`:xx. `Etc/GMT-3` is three hours ahead of UTC (POSIX signs). */
function zoneAtHour(hour: number): string {
  for (let offset = -12; offset <= 14; offset++) {
    const zone = offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
    if (Math.floor(wallClock(zone, Date.now()).minute / 60) === hour) return zone;
  }
  throw new Error(`no zone at ${hour}:00`);
}

/** Seconds from `from` until the next `hour`:00 on `zone`'s wall clock. */
function secondsUntilLocal(zone: string, hour: number, from: number): number {
  const { minute, second } = wallClock(zone, from);
  return ((hour * 60 - minute + 24 * 60) % (24 * 60)) * 60 - second;
}
