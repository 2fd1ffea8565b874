import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { cli, demoWorld, idem, newConversation } from "../fixtures";

// The admins' audit page (issue 34 item 4) in a real browser against the built server: the demo bot's sends enter the
// chain as `policy.decided`, the operator signs a checkpoint, and the admin filters by kind with the keyboard alone,
// pages 25 at a time older and back newer, and reads the integrity card; at 1280 and 390 px, against axe's WCAG 2.2
// AA rules. Screenshots of both widths are kept in the test's output folder.

const world = demoWorld();
const ana = world.people[0]!;
const helper = world.bots[0]!;
const path = `/chat/${world.workspace.slug}/admin/audit`;
const SENDS = 30;

async function accessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("an admin filters the audit log by kind with the keyboard, pages through it, and finds how to verify it", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const conversation = newConversation(ana.email, "Audit page", { bot: helper.handle });
  for (let i = 0; i < SENDS; i++) {
    const sent = await page.request.post(`/api/public/v1/conversations/${conversation}/messages`, {
      headers: { authorization: `Bearer ${helper.api_key}`, "idempotency-key": idem() },
      data: { body: `Audit page message ${i}` },
    });
    expect([201, 202]).toContain(sent.status());
  }
  const { checkpoint } = cli("audit", "checkpoint") as { checkpoint: { seq: number } | null };
  expect(checkpoint).not.toBeNull();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(path);
  await page.getByLabel("Email").fill(ana.email);
  await page.getByLabel("Password").fill(ana.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  await expect(page.getByTestId("audit-entry").first()).toBeVisible();
  await expect(page.getByTestId("audit-checkpoint")).toContainText(`Entry ${checkpoint!.seq}`);
  await expect(page.getByText("npm run --silent cli -- audit verify")).toBeVisible();

  // The keyboard alone: the kind, 25 a page, then the form's button.
  await page.getByLabel("Kind").focus();
  await page.getByLabel("Kind").selectOption("policy.decided");
  await page.getByLabel("Entries per page").focus();
  await page.getByLabel("Entries per page").selectOption("25");
  await page.getByRole("button", { name: "Show entries" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/kind=policy\.decided/);
  const rows = page.getByTestId("audit-entry");
  await expect(rows).toHaveCount(25);
  for (const kind of await rows.locator("td:nth-child(2)").allTextContents()) expect(kind).toBe("policy.decided");
  const firstPage = await rows.locator("td:nth-child(6)").allTextContents();
  await page.screenshot({ path: testInfo.outputPath("audit-1280.png") });
  await page
    .getByRole("region", { name: "Integrity" })
    .screenshot({ path: testInfo.outputPath("audit-1280-integrity.png") });

  await page.getByRole("link", { name: "Older" }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(rows.first()).toBeVisible();
  expect(await rows.locator("td:nth-child(6)").allTextContents()).not.toEqual(firstPage);
  await page.getByRole("link", { name: "Newer" }).click();
  await expect(rows).toHaveCount(25);
  expect(await rows.locator("td:nth-child(6)").allTextContents()).toEqual(firstPage);
  await accessible(page);

  // At 390 px the table scrolls inside its own named region, which takes focus.
  await page.setViewportSize({ width: 390, height: 844 });
  const region = page.getByRole("region", { name: /Audit entries/ });
  await region.focus();
  await expect(region).toBeFocused();
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await page.keyboard.press("ArrowRight");
  await accessible(page);
  await page.screenshot({ path: testInfo.outputPath("audit-390-table.png") });
  await page.getByRole("heading", { name: "Audit log", level: 1 }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("audit-390.png") });
  const integrity = page.getByRole("region", { name: "Integrity" });
  await expect(integrity.getByText("Public key (Ed25519, base64url)")).toBeVisible();
  expect(await integrity.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await integrity.screenshot({ path: testInfo.outputPath("audit-390-integrity.png") });

  // Nothing matches: said so.
  await page.goto(`${path}?kind=nothing.here`);
  await expect(page.getByText("No entries match these filters")).toBeVisible();
  // A filter that names nothing here: refused in words beside the form.
  await page.goto(`${path}?from=yesterday`);
  await expect(page.getByRole("alert").filter({ hasText: "These filters cannot be used" })).toContainText(
    "from must be a time in ISO 8601",
  );
  await expect(page.getByLabel("From (UTC)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("From (UTC)")).toHaveAccessibleDescription(/from must be a time in ISO 8601/);
  await accessible(page);
});
