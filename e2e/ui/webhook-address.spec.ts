import path from "node:path";
import pg from "pg";
import { expect, test, type Page } from "@playwright/test";
import { ensureEmbeddedPostgres, embeddedUrl } from "@/lib/db/embedded";
import { cli, demoWorld } from "../fixtures";

// Issue 31, finding 7, in Chromium against the built server and its job worker: the bot settings form refuses a
// webhook URL to a refused address beside the field, saves a name that does not resolve and says so after saving;
// a delivery to a URL stored before that check (set here in the database, as an older release left it) is failed
// by the worker at its first attempt, and its page says why and that it was not retried.

const PASSWORD = "relay-demo"; // the seeded demo people's password (lib/seed/seed-world.ts)

async function signIn(page: Page, email: string) {
  await page.goto("/developers");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/developers$/);
}

/** Writes a bot's webhook URL as a release before the save-time check could have (the server's own database). */
async function storeUnchecked(botId: string, webhookUrl: string) {
  const embedded = await ensureEmbeddedPostgres(path.join(".data/e2e", "postgres")); // the server's, found again
  const client = new pg.Client({
    connectionString: embeddedUrl({ port: embedded.port, database: "relay", socketDir: embedded.socketDir }),
  });
  await client.connect();
  try {
    await client.query("UPDATE bots SET webhook_url = $1 WHERE id = $2", [webhookUrl, botId]);
  } finally {
    await client.end();
  }
}

test("webhook URLs to refused addresses: refused when saved, a name warned of, a refused delivery failed with its reason", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const world = demoWorld();
  const ana = world.people[0]!;
  const conversation = world.conversations[0]!;
  const handle = `addr-${Date.now().toString(36)}`;
  const bot = cli("bot", "create", "--workspace", world.workspace.slug, "--handle", handle, "--name", "Address check", "--as", ana.email) as { id: string };
  cli("bot", "authorize", handle, "--conversation", conversation.id, "--as", ana.email);

  await signIn(page, ana.email);
  await page.goto(`/developers/bots/${bot.id}`);
  const webhookUrl = page.getByLabel("Webhook URL");

  // An IP literal the address rule refuses: refused beside the field, naming the address and why; nothing saved.
  await webhookUrl.fill("https://169.254.169.254/latest/meta-data");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(
    page.getByText(
      "Webhook URL's address 169.254.169.254 is a link-local (cloud metadata) address (169.254.0.0/16, RFC 3927): webhooks go only to global unicast addresses",
    ),
  ).toBeVisible();
  await expect(page.getByText("Settings saved.")).toHaveCount(0);

  // A name that does not resolve: saved, and the warning is shown after saving.
  await page.getByLabel("Webhook URL").fill("https://no-such-host.invalid/hook");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  const warning = page.getByRole("alert").filter({ hasText: "Saved, but webhooks will not arrive yet" });
  await expect(warning).toContainText("no-such-host.invalid does not resolve");
  await expect(warning).toContainText("deliveries will fail until it does");
  await page.screenshot({ path: testInfo.outputPath("settings-warning.png"), fullPage: true });
  await page.reload();
  await expect(page.getByLabel("Webhook URL")).toHaveValue("https://no-such-host.invalid/hook");

  // A URL stored before the check: the worker's first attempt is refused, the delivery fails at once.
  await storeUnchecked(bot.id, "https://169.254.169.254/latest/meta-data");
  cli("message", "post", "--conversation", conversation.id, "--body", "Is anyone there?", "--as", ana.email);
  await page.goto(`/developers/bots/${bot.id}/deliveries`);
  const row = page.getByRole("link", { name: /message\.created, failed$/ });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await row.click();

  const refused = page.getByRole("alert").filter({ hasText: "Refused: Relay does not connect to this address" });
  await expect(refused).toContainText(
    "refused: 169.254.169.254 is a link-local (cloud metadata) address (169.254.0.0/16, RFC 3927)",
  );
  await expect(refused).toContainText("it is not retried");
  await expect(page.getByRole("article", { name: "Attempt 1" })).toContainText(
    "refused: 169.254.169.254 is a link-local (cloud metadata) address",
  );
  await expect(page.getByRole("article", { name: "Attempt 2" })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("refused-delivery.png"), fullPage: true });
});
