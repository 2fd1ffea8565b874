import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { cli, demoWorld, idem } from "../fixtures";

// The policy rules editor (issue 33) in a real browser against the built server: an admin writes a rule, sees the dry
// run's figures, saves, changes it, restores the first version from the history, and finds the policy log naming the
// version that held a bot's message; then the policy overview shows it waiting and, once decided, its time to
// decision. The rule names a label only this test gives, so the demo workspace's other tests are not affected by it.

const world = demoWorld();
const [ana] = world.people;
const helper = world.bots[0]!;
const label = `e2e-vip-${Date.now().toString(36)}`;
const slug = world.workspace.slug;

const rulesYaml = (outcome: string) => `rules:
  - slug: ${label}
    description: Messages to contacts marked ${label} are always held
    match: { contactLabels: [${label}] }
    outcome:
      ${outcome}
`;

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel("Email").fill(ana!.email);
  await page.getByLabel("Password").fill(ana!.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function accessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("an admin edits a rule, sees the dry run, saves, restores, and the policy log names the version", async ({ page }) => {
  // One person's whole path through the rules, the contact's page and the overview: about 20 s here, 32 s on a
  // loaded CI machine, past the default 30.
  test.setTimeout(120_000);
  // A contact with the label and a conversation with it, where the established demo bot already said something.
  const contact = cli("contact", "create", "--workspace", slug, "--name", "Vera Important", "--as", ana!.email) as { id: string };
  const conversation = cli(
    "conversation", "create", "--workspace", slug, "--as", ana!.email, "--title", "VIP renewal",
    "--contact", contact.id, "--bot", helper.handle, "--json",
  ) as { id: string };
  const send = (body: string) =>
    page.request.post(`/api/public/v1/conversations/${conversation.id}/messages`, {
      headers: { authorization: `Bearer ${helper.api_key}`, "idempotency-key": idem() },
      data: { body },
    });
  expect((await send("Your renewal is ready.")).status()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  // The admin marks the contact on its page: the label the rule will name, and its time zone.
  await signIn(page, `/chat/${slug}/contacts/${contact.id}`);
  await page.getByRole("textbox", { name: "Labels" }).fill(`${label}, Renewals`);
  await page.getByLabel("Time zone").fill("Europe/Lisbon");
  await page.getByRole("button", { name: "Save labels and time zone" }).click();
  await expect(page.getByRole("status").filter({ hasText: /saved/i })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Labels" })).toHaveValue(`${label}, renewals`);
  await accessible(page);
  await page.goto(`/chat/${slug}/admin/rules`);
  const editor = page.getByTestId("rules-text");
  const save = page.getByTestId("rules-save");

  // Version 1: hold for an admin. Save waits for a dry run of exactly these rules.
  await editor.fill(rulesYaml('hold: { group: "role:admin", approvals: 1 }'));
  await expect(save).toBeDisabled();
  await page.getByTestId("rules-dry-run").click();
  const dryRun = page.getByTestId("dry-run");
  await expect(dryRun).toBeVisible();
  // The message sent to the labelled contact would have been held: one more held after than before.
  const held = page.getByTestId("dry-run-held");
  const [heldBefore, heldAfter] = (await held.locator("td").allTextContents()).slice(1).map((t) => Number(t.replace(/,/g, "")));
  expect(heldAfter).toBe(heldBefore! + 1);
  await expect(page.getByTestId("dry-run-flip").filter({ hasText: "Your renewal is ready." })).toContainText(
    `${label} (now matches)`,
  );
  await expect(page.getByTestId("dry-run-days").locator("svg rect").first()).toBeVisible();
  await accessible(page);
  await page.getByTestId("rules-reason").fill("Hold what goes to VIPs");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText(/Saved as version \d+/)).toBeVisible();
  const first = Number((await page.getByText(/Saved as version \d+/).textContent())!.match(/\d+/)![0]);

  // A change asks for a new dry run; an invalid one is refused naming the rule and field, and nothing is saved.
  await editor.fill(rulesYaml('hold: { group: "role:admin", approvals: 50 }'));
  await expect(save).toBeDisabled();
  await page.getByTestId("rules-dry-run").click();
  await expect(page.getByTestId("rules-error")).toContainText(`rules[0] (${label}).outcome.hold.approvals`);
  await editor.fill(rulesYaml("block: { reason: No messages to VIPs for now }"));
  await page.getByTestId("rules-dry-run").click();
  await expect(page.getByTestId("dry-run-blocked")).toBeVisible();
  await page.getByTestId("rules-reason").fill("Block them for now");
  await save.click();
  await expect(page.getByText(`Saved as version ${first + 1}`)).toBeVisible();

  // The history shows both, with what changed; restoring the first makes a third.
  await page.reload();
  const versions = page.getByTestId("rules-version");
  await expect(versions.first()).toContainText(`Version ${first + 1}`);
  await expect(versions.first()).toContainText(`changed ${label}`);
  await page.getByTestId(`rules-restore-${first}`).click();
  await expect(page.getByText(`Version ${first} restored as version ${first + 2}`)).toBeVisible();
  await page.reload();
  await expect(versions.first()).toContainText(`Version ${first + 2} (restored from version ${first})`);

  // The bot's next message to the VIP is held by the restored rule, and the policy log names the version.
  const next = await send("Shall I renew it for you?");
  expect(next.status()).toBe(202);
  expect(((await next.json()) as { data: { reasons: string[] } }).data.reasons).toEqual([`rule:${label}`]);
  await page.goto(`/chat/${slug}/admin`);
  const entry = page.getByTestId("policy-entry").filter({ hasText: "Shall I renew it for you?" });
  await expect(entry).toContainText(`The workspace's rule “${label}”`);
  await expect(entry.getByTestId("policy-entry-version")).toHaveText(`Rules version ${first + 2}`);

  // The overview: the held message waits, routed to the admins; once an admin decides it, the time to decision is
  // shown for the admins and for the rule; each chart has its table, and the page passes axe.
  const heldId = ((await next.json()) as { data: { approval_id: string } }).data.approval_id;
  await page.goto(`/chat/${slug}/admin/overview`);
  await expect(page.getByTestId("overview-waiting-group").filter({ hasText: "Admins" })).toContainText(/\d+ waiting/);
  cli("draft", "reject", heldId, "--note", "Not now", "--as", ana!.email);
  await page.goto(`/chat/${slug}/admin/overview?days=7`);
  await expect(page.getByTestId("overview-groups-row").filter({ hasText: "Admins" })).toBeVisible();
  await expect(page.getByTestId("overview-rules-row").filter({ hasText: `rule ${label}` })).toBeVisible();
  await page.getByRole("link", { name: `@${helper.handle}`, exact: true }).click();
  await expect(page.getByTestId("overview-days")).toContainText(`Verdicts of @${helper.handle} per day`);
  await expect(page.getByRole("link", { name: `@${helper.handle}`, exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("overview-days").locator("svg rect").first()).toBeVisible();
  await accessible(page);
  await page.screenshot({ path: "test-results/policy-overview-1280.png", fullPage: true });

  // The editor on a phone-sized screen, with a dry run shown.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/chat/${slug}/admin/rules`);
  await page.getByTestId("rules-dry-run").click();
  await expect(page.getByTestId("dry-run")).toBeVisible();
  await accessible(page);
  await page.screenshot({ path: "test-results/policy-rules-390.png", fullPage: true });
  await page.goto(`/chat/${slug}/admin/overview`);
  await expect(page.getByTestId("overview-ages")).toBeVisible();
  await accessible(page);
  await page.screenshot({ path: "test-results/policy-overview-390.png", fullPage: true });
});
