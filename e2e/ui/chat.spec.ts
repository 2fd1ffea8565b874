import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { cli, demoWorld, idem } from "../fixtures";
import { createBotWithEcho, type CreatedBot, type EchoBotProcess } from "../echo-bot-process";

// The people's chat in a real browser against the built server, with the example bot running as its own process
// (it verifies every webhook's signature and logs what reached it): held messages approved with an edit, cards
// answered, a status block updated live, STOP cancelling a follow-up, and two people approving one draft at once.

const world = demoWorld();
const [ana, ben] = world.people;
const suffix = Date.now().toString(36);
let established: CreatedBot;
let fresh: CreatedBot;
let establishedEcho: EchoBotProcess;
let freshEcho: EchoBotProcess;

const botWithEcho = (handle: string, name: string, relayUrl: string, flags: string[]) =>
  createBotWithEcho(cli, { workspace: world.workspace.slug, handle, name, relayUrl, flags });

test.beforeAll(async ({ baseURL }) => {
  ({ bot: established, echo: establishedEcho } = await botWithEcho(`e2e-helper-${suffix}`, "Order Helper", baseURL!, [
    "--established",
    "--events",
    ALL_EVENTS,
  ]));
  ({ bot: fresh, echo: freshEcho } = await botWithEcho(`e2e-new-${suffix}`, "Visit Planner", baseURL!, []));
});
test.afterAll(async () => {
  await Promise.all([establishedEcho?.stop(), freshEcho?.stop()]);
});

function conversation(title: string, bots: CreatedBot[]): string {
  const created = cli(
    "conversation",
    "create",
    "--workspace",
    world.workspace.slug,
    "--as",
    ana!.email,
    "--title",
    title,
    "--contact",
    world.contacts[0]!.id,
    "--person",
    ben!.email,
    ...bots.flatMap((b) => ["--bot", b.handle]),
    "--json",
  ) as { id: string };
  return created.id;
}

async function asBot(page: Page, bot: CreatedBot, method: "POST" | "PATCH", path: string, data: object) {
  const response = await page.request.fetch(`/api/public/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${bot.api_key}`, "idempotency-key": idem() },
    data,
  });
  return { status: response.status(), body: (await response.json()) as { data: { id: string; approval_id?: string } } };
}

async function signedIn(browser: Browser, who: { email: string; password: string }, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  // The thread follows the conversation's event stream once it is open: changes before that are already rendered.
  if (path.includes("/c/")) await expect(page.locator("[data-live=live]")).toHaveCount(1);
  return page;
}

// follow_up.cancelled and draft.rejected are extension events: a bot hears them once it subscribes.
const ALL_EVENTS =
  "message.created,message.received,conversation.bot_added,draft.approved,draft.rejected,follow_up.cancelled";

const threadPath = (id: string) => `/chat/${world.workspace.slug}/c/${id}`;

test("a new bot's held message: a person approves it with an edit, and the bot hears draft.approved, edited", async ({
  browser,
}, testInfo) => {
  const id = conversation("Kitchen visit", [fresh]);
  const page = await signedIn(browser, ana!, threadPath(id));
  const held = await asBot(page, fresh, "POST", `/conversations/${id}/messages`, {
    body: "Could we visit on Tuesday at 10 to measure the kitchen?",
  });
  expect(held.status).toBe(202);

  const draft = page.getByTestId("draft-card").filter({ hasText: "Tuesday at 10" });
  await expect(draft).toBeVisible(); // arrived live: the page was open before the bot sent it
  await expect(draft.getByTestId("draft-reasons")).toContainText("This bot is new");
  await page.screenshot({ path: testInfo.outputPath("thread.png"), fullPage: true });

  await page.getByRole("link", { name: /Approvals/ }).click();
  await expect(
    page.getByTestId("approvals").getByTestId("draft-card").filter({ hasText: "Tuesday at 10" }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("approvals-inbox.png"), fullPage: true });
  await page.getByRole("link", { name: "in Kitchen visit" }).click();
  await expect(page).toHaveURL(new RegExp(`${threadPath(id)}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Kitchen visit" })).toBeVisible();

  // Found again by its id: once edited, its text no longer says Tuesday.
  const card = page.locator(`[data-draft-id="${held.body.data.approval_id}"]`);
  await card.getByRole("button", { name: "Edit" }).click();
  await card.getByLabel("Edit before sending").fill("Could we visit on Wednesday at 10 to measure the kitchen?");
  await card.getByRole("button", { name: "Approve edited" }).click();

  const sent = page.getByTestId("message").filter({ hasText: "Wednesday at 10" });
  await expect(sent).toContainText("Visit Planner");
  await expect(sent.getByTestId("approved-by")).toContainText(ana!.name);
  await expect(page.getByTestId("draft-card")).toHaveCount(0);

  const approved = await freshEcho.waitFor((line) => line.event === "draft.approved");
  expect(approved.data).toMatchObject({
    conversation_id: id,
    draft_id: held.body.data.approval_id,
    edited: true,
    message: { body: "Could we visit on Wednesday at 10 to measure the kitchen?" },
  });
});

test("a card click and a form submit reach the bot as signed webhooks, and everyone sees the answer", async ({
  browser,
}, testInfo) => {
  const id = conversation("Replacement part", [established]);
  const page = await signedIn(browser, ana!, threadPath(id));
  const other = await signedIn(browser, ben!, threadPath(id));
  const card = await asBot(page, established, "POST", `/conversations/${id}/messages`, {
    blocks: [
      {
        type: "approval_card",
        title: "Send the replacement hinge?",
        fields: [{ label: "Part", value: "Hinge, left" }],
        actions: [
          { key: "send", label: "Send it", style: "primary" },
          { key: "skip", label: "Not now", style: "danger" },
        ],
      },
    ],
  });
  const form = await asBot(page, established, "POST", `/conversations/${id}/messages`, {
    blocks: [
      {
        type: "form_card",
        title: "Book a delivery slot",
        submit: { key: "book", label: "Book" },
        inputs: [
          { type: "date", name: "day", label: "Day", required: true },
          {
            type: "select",
            name: "slot",
            label: "Slot",
            options: [
              { value: "am", label: "Morning" },
              { value: "pm", label: "Afternoon" },
            ],
          },
          { type: "text", name: "note", label: "Note for the driver" },
          { type: "number", name: "boxes", label: "Boxes", min: 1, max: 5 },
        ],
      },
    ],
  });
  expect([card.status, form.status]).toEqual([201, 201]);

  const approval = page.getByTestId("approval-card");
  await approval.getByRole("button", { name: "Send it" }).click();
  await expect(approval.getByTestId("card-answer")).toContainText(`@${ana!.handle} chose Send it`);
  await expect(other.getByTestId("approval-card").getByTestId("card-answer")).toContainText(
    `@${ana!.handle} chose Send it`,
  ); // live, on Ben's page
  await expect(other.getByTestId("approval-card").getByRole("button", { name: "Not now" })).toHaveCount(0);
  const clicked = await establishedEcho.waitFor(
    (line) =>
      line.event === "message.received" && (line.data as { message_id?: string }).message_id === card.body.data.id,
  );
  expect(clicked.data).toMatchObject({ action: { type: "card.action", action_key: "send" } });

  const formCard = page.getByTestId("form-card");
  await formCard.getByLabel("Day").fill("2030-05-01");
  await formCard.getByLabel("Slot").selectOption("pm");
  await formCard.getByLabel("Note for the driver").fill("Gate code 4410");
  await formCard.getByLabel("Boxes").fill("2");
  await formCard.screenshot({ path: testInfo.outputPath("form-card.png") });
  await formCard.getByRole("button", { name: "Book" }).click();
  await expect(formCard.getByTestId("card-answer")).toContainText("Afternoon");
  const submitted = await establishedEcho.waitFor(
    (line) =>
      line.event === "message.received" && (line.data as { message_id?: string }).message_id === form.body.data.id,
  );
  expect(submitted.data).toMatchObject({
    action: {
      type: "form.submit",
      action_key: "book",
      values: { day: "2030-05-01", slot: "pm", note: "Gate code 4410", boxes: 2 },
    },
  });
  await other.context().close();
});

test("the bot updates a status block and the open page shows it without a reload", async ({ browser }) => {
  const id = conversation("Packing", [established]);
  const page = await signedIn(browser, ana!, threadPath(id));
  const sent = await asBot(page, established, "POST", `/conversations/${id}/messages`, {
    body: "Packing your order",
    blocks: [{ type: "status_block", title: "Packing order #1042", state: "working" }],
  });
  await expect(page.getByTestId("status-state")).toHaveText("Working");
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  const patched = await asBot(page, established, "PATCH", `/messages/${sent.body.data.id}`, {
    blocks: [{ type: "status_block", title: "Packing order #1042", state: "done" }],
  });
  expect(patched.status).toBe(200);
  await expect(page.getByTestId("status-state")).toHaveText("Done");
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

test("STOP cancels an approved draft's pending follow-up, and the bot hears follow_up.cancelled", async ({
  browser,
}) => {
  const id = conversation("Refund follow-up", [established]);
  const page = await signedIn(browser, ana!, threadPath(id));
  const draft = await asBot(page, established, "POST", `/conversations/${id}/drafts`, {
    body: "The replacement ships tomorrow.",
    rationale: "Customer asked for a date",
    follow_up: { body: "Did the replacement arrive?", delay_minutes: 60 },
  });
  expect(draft.status).toBe(201);

  const card = page.getByTestId("draft-card").filter({ hasText: "ships tomorrow" });
  await expect(card.getByTestId("draft-follow-up")).toContainText("Did the replacement arrive?");
  await card.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByTestId("follow-up")).toHaveAttribute("data-status", "scheduled");

  const box = page.getByRole("combobox", { name: "Message" });
  await box.fill("STOP");
  await box.press("Enter");
  await expect(page.getByTestId("message").filter({ hasText: "You won't get bot messages here" })).toBeVisible();
  await expect(page.getByTestId("follow-up")).toHaveAttribute("data-status", "cancelled");
  await expect(page.getByTestId("follow-up")).toContainText("someone sent STOP");
  const cancelled = await establishedEcho.waitFor(
    (line) =>
      line.event === "follow_up.cancelled" && (line.data as { draft_id?: string }).draft_id === draft.body.data.id,
  );
  expect(cancelled.data).toMatchObject({ reason: "stop" });
});

test("two people approving the same draft at once send it exactly once", async ({ browser }) => {
  const id = conversation("Double approval", [established]);
  const first = await signedIn(browser, ana!, threadPath(id));
  const second = await signedIn(browser, ben!, threadPath(id));
  await asBot(first, established, "POST", `/conversations/${id}/drafts`, {
    body: "Your invoice is settled, thank you.",
  });
  const approveOn = (page: Page) =>
    page
      .getByTestId("draft-card")
      .filter({ hasText: "invoice is settled" })
      .getByRole("button", { name: "Approve", exact: true });
  await expect(approveOn(first)).toBeVisible();
  await expect(approveOn(second)).toBeVisible();

  await Promise.all([approveOn(first).click(), approveOn(second).click()]);
  for (const page of [first, second]) {
    await expect(page.getByTestId("draft-card")).toHaveCount(0);
    await expect(page.getByTestId("message").filter({ hasText: "invoice is settled" })).toHaveCount(1);
  }
  const messages = await first.request.get(`/api/public/v1/conversations/${id}/messages`, {
    headers: { authorization: `Bearer ${established.api_key}` },
  });
  const bodies = ((await messages.json()) as { data: { body: string }[] }).data.map((m) => m.body);
  expect(bodies.filter((body) => body === "Your invoice is settled, thank you.")).toHaveLength(1);
});

test("the composer: @-mention a bot from the keyboard, attach a file, and a file over the limit is refused in words", async ({
  browser,
}) => {
  const id = conversation("Composer", [established]);
  const page = await signedIn(browser, ana!, threadPath(id));
  const box = page.getByRole("combobox", { name: "Message" });
  await box.fill("Please check this, @e2e-hel");
  await expect(page.getByRole("option", { name: new RegExp(`@${established.handle}`) })).toBeVisible();
  await box.press("Enter"); // picks the highlighted bot, does not send
  await expect(box).toHaveValue(`Please check this, @${established.handle} `);

  const attach = page.getByTestId("attach-input");
  await attach.setInputFiles({
    name: "too-big.bin",
    mimeType: "application/octet-stream",
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expect(
    page.getByRole("alert").filter({ hasText: "too-big.bin is 10.0 MB; files can be at most 10.0 MB" }),
  ).toBeVisible();

  await attach.setInputFiles({ name: "receipt.txt", mimeType: "text/plain", buffer: Buffer.from("Paid in full\n") });
  await expect(page.getByRole("list", { name: "Files to send" })).toContainText("receipt.txt13 B"); // uploaded
  await box.press("End");
  await box.press("Enter");
  const sent = page.getByTestId("message").filter({ hasText: "Please check this" });
  await expect(sent.getByTestId("attachment")).toContainText("receipt.txt");
  await expect(box).toHaveValue("");
  const download = await page.request.get((await sent.getByTestId("attachment").getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect(await download.text()).toBe("Paid in full\n");
  // As a person downloads it: a click in Chromium, under the isolation headers (COOP and CORP same-origin, issue 31).
  expect(download.headers()["cross-origin-resource-policy"]).toBe("same-origin");
  const saving = page.waitForEvent("download");
  await sent.getByTestId("attachment").click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toBe("receipt.txt");
  expect(readFileSync(await saved.path(), "utf8")).toBe("Paid in full\n");

  // What the bot was sent: the mention and the file's metadata, in the signed message.created event.
  const deliveries = cli("deliveries", "list", "--bot", established.handle, "--event", "message.created") as {
    data: { id: string }[];
  };
  const shown = cli("deliveries", "show", deliveries.data[0]!.id) as {
    payload: { data: { message: { body: string; mentioned: boolean; attachments?: unknown[] } } };
  };
  expect(shown.payload.data.message).toMatchObject({
    body: expect.stringContaining(`@${established.handle}`),
    mentioned: true,
  });
  expect(shown.payload.data.message.attachments).toEqual([
    { name: "receipt.txt", type: "text/plain", size: 13, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
  ]);
});

test("on a phone-sized screen, with the keyboard alone: open a conversation, approve a draft, go back", async ({
  browser,
}) => {
  const id = conversation("Phone approval", [established]);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/chat/${world.workspace.slug}`);
  await page.getByLabel("Email").fill(ana!.email);
  await page.getByLabel("Password").fill(ana!.password);
  await page.getByLabel("Password").press("Enter");
  await expect(page.getByRole("complementary", { name: "Conversations" })).toBeVisible();
  await asBot(page, established, "POST", `/conversations/${id}/drafts`, { body: "Approved from a phone." });

  await page.getByRole("link", { name: /Phone approval/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Phone approval" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Conversations" })).toBeHidden(); // one pane at a time
  const approve = page.getByTestId("draft-card").getByRole("button", { name: "Approve", exact: true });
  await approve.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("message").filter({ hasText: "Approved from a phone." })).toBeVisible();
  const box = await page.getByTestId("message").filter({ hasText: "Approved from a phone." }).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390); // nothing runs off the screen

  await page.getByRole("link", { name: "All conversations" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("complementary", { name: "Conversations" })).toBeVisible();
  // Settings (access tokens, notifications) is in reach on a phone too, and the header stays on the screen.
  const settings = page.getByRole("banner").getByRole("link", { name: "Settings" });
  const at = await settings.boundingBox();
  expect(at!.x + at!.width).toBeLessThanOrEqual(390);
  await settings.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/settings\/tokens$/);
  await context.close();
});

test("an admin pauses a bot from the chat: its next message waits, and the policy page says why", async ({
  browser,
}) => {
  const id = conversation("Paused bot", [established]);
  const page = await signedIn(browser, ana!, `/chat/${world.workspace.slug}/admin`);
  const row = page.getByTestId("admin-bot").filter({ hasText: `@${established.handle}` });
  await row.getByLabel(/Reason/).fill("Checking its tone");
  await row.getByRole("button", { name: "Pause" }).click();
  await expect(row).toContainText("paused");
  await expect(row).toContainText("Checking its tone");

  const held = await asBot(page, established, "POST", `/conversations/${id}/messages`, { body: "Still here?" });
  expect(held.status).toBe(202);
  await page.reload();
  const entry = page.getByTestId("policy-entry").filter({ hasText: "Still here?" });
  await expect(entry).toContainText("Held");
  await expect(entry).toContainText("An admin paused this bot");

  await row.getByRole("button", { name: "Resume" }).click();
  await expect(row).toContainText("active");
});

test("an admin sets a limit per conversation: the bot's next message over it is deferred, and the policy page says why", async ({
  browser,
}) => {
  const id = conversation("Limited bot", [established]);
  const page = await signedIn(browser, ana!, `/chat/${world.workspace.slug}/admin`);
  const limit = page.getByLabel("Limit per conversation");
  try {
    // A value past the bounds (typed where the browser's own check is gone) is refused in words, and kept in the form.
    await page.locator("#dailyLimit").evaluate((input) => input.removeAttribute("max"));
    await page.getByLabel("Daily limit per bot").fill("2000000");
    await page.getByRole("button", { name: "Save policy" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The daily limit must be at most 1,000,000" })).toBeVisible();
    await expect(page.getByLabel("Daily limit per bot")).toHaveValue("2000000");
    await page.reload();
    await expect(page.getByLabel("Daily limit per bot")).toHaveValue("1000");

    await expect(limit).toHaveValue("");
    await limit.fill("1");
    await page.getByLabel("Per-conversation window").selectOption({ label: "hour" });
    await page.getByRole("button", { name: "Save policy" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Policy saved" })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Limit per conversation")).toHaveValue("1");

    expect((await asBot(page, established, "POST", `/conversations/${id}/messages`, { body: "First update" })).status).toBe(201);
    const over = await page.request.post(`/api/public/v1/conversations/${id}/messages`, {
      headers: { authorization: `Bearer ${established.api_key}`, "idempotency-key": idem() },
      data: { body: "Second update, too soon" },
    });
    expect(over.status()).toBe(429);
    expect(Number(over.headers()["retry-after"])).toBeGreaterThan(3000);
    expect(((await over.json()) as { error: { reasons: string[] } }).error.reasons).toEqual(["rate_limit_conversation"]);
    await page.reload();
    const entry = page.getByTestId("policy-entry").filter({ hasText: "Second update, too soon" });
    await expect(entry).toContainText("Deferred");
    await expect(entry).toContainText("The bot reached its limit for this conversation");

    await page.getByLabel("Limit per conversation").fill("");
    await page.getByRole("button", { name: "Save policy" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Policy saved" })).toBeVisible();
    expect((await asBot(page, established, "POST", `/conversations/${id}/messages`, { body: "Third update" })).status).toBe(201);
  } finally {
    // The demo workspace is shared by every spec: whatever happened above, no limit is left behind.
    cli("workspace", "settings", world.workspace.slug, "--conversation-limit", "off", "--json");
  }
});

test("a person starts a conversation with a new contact and a bot; the bot can write in it at once", async ({
  browser,
}, testInfo) => {
  const page = await signedIn(browser, ana!, `/chat/${world.workspace.slug}/new`);
  const title = `Kitchen visit ${suffix}`;
  await page.getByLabel("Title").fill(title);
  // An existing contact, found by typing a part of the name (Enter picks the first match, and sends nothing).
  const existing = world.contacts[1]!.name;
  await page.getByLabel("Find a contact").fill(existing.slice(1, 6).toLowerCase());
  await expect(page.getByRole("list", { name: /Contacts matching/ }).getByRole("button").first()).toContainText(existing);
  await page.getByLabel("Find a contact").press("Enter");
  await expect(page.getByRole("list", { name: "Chosen contacts" })).toContainText(existing);
  await expect(page).toHaveURL(/\/new$/);
  await page.getByLabel("Or a new contact").fill(`Dana ${suffix}`);
  await page.getByRole("checkbox", { name: /Ben Okafor/ }).check();
  await page.getByRole("checkbox", { name: new RegExp(`@${established.handle}`) }).check();
  await page.screenshot({ path: testInfo.outputPath("new-conversation.png"), fullPage: true });
  await page.getByRole("button", { name: "Start conversation" }).click();

  await expect(page).toHaveURL(new RegExp(`/chat/${world.workspace.slug}/c/[0-9a-f-]{36}$`));
  const conversationId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("conversation-list")).toContainText(title);
  const contacts = page.getByRole("region", { name: "Contacts and what we know" }).first();
  await expect(contacts).toContainText(existing);
  await expect(contacts).toContainText(`Dana ${suffix}`);
  await expect(page.locator("[data-live=live]")).toHaveCount(1);
  const sent = await asBot(page, established, "POST", `/conversations/${conversationId}/messages`, {
    body: `Hello Dana, this is about your kitchen visit (${suffix}).`,
  });
  expect(sent.status).toBe(201);
  await expect(
    page.locator("main").getByText(`Hello Dana, this is about your kitchen visit (${suffix}).`),
  ).toBeVisible();
});
