import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { readZip } from "@/test/read-zip";
import { axeViolations, demoWorld, newConversation, newMember } from "../fixtures";

// Issue 38, done means: an admin exports a contact (the archive downloads and holds the canaries), then erases it, and
// the contact's pages answer "not found". The export is built by the server's own job worker (npm start runs one).

const world = demoWorld();
const ana = world.people[0]!;

async function signIn(page: Page, path: string, who: { email: string; password: string } = ana) {
  await page.goto(path);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("an admin exports a contact, downloads its canaries, erases it, and its page answers not found", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const tag = randomBytes(4).toString("hex");
  const name = `Zora Canary${tag}`;
  const email = `canary.${tag}@example.org`;
  const words = `canarywords${tag}`;
  const chat = `/chat/${world.workspace.slug}`;

  // A contact with canaries, and a conversation with it holding a canary message.
  await signIn(page, `${chat}/contacts`);
  await page.getByText("Add a contact").click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  const contactUrl = page.url();
  const contactId = contactUrl.split("/").at(-1)!;
  const conversationId = newConversation(ana.email, `Talk with ${name}`, { contact: contactId });
  await page.goto(`${chat}/c/${conversationId}`);
  await page.getByLabel("Message", { exact: true }).fill(`${words}: ${name} will call back`);
  await page.getByLabel("Message", { exact: true }).press("Enter");
  await expect(page.getByText(`${words}: ${name} will call back`)).toBeVisible();

  // The export: asked, built by the worker, downloaded.
  await page.goto(contactUrl);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Export this contact" }).click();
  const link = page.getByRole("link", { name: /Download the archive/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const file = testInfo.outputPath("contact.zip");
  await download.saveAs(file);
  const archive = await readZip(file);
  const everything = [...archive.values()].map((bytes) => bytes.toString("utf8")).join("\n");
  for (const canary of [name, email, words]) expect(everything).toContain(canary);
  expect(archive.get("README.md")?.toString()).toContain("JSON Lines");

  // The erasure: the name typed again; a wrong one is refused beside the field, keeping what was typed.
  await page.getByLabel("Type the contact's name to confirm").fill("Someone else");
  await page.getByRole("button", { name: "Erase this contact" }).click();
  await expect(page.getByText("Type the contact's name exactly to confirm the erasure")).toBeVisible();
  await expect(page.getByLabel("Type the contact's name to confirm")).toHaveValue("Someone else");
  await page.getByLabel("Type the contact's name to confirm").fill(name);
  await page.getByRole("button", { name: "Erase this contact" }).click();
  await expect(page).toHaveURL(new RegExp(`${chat}/contacts\\?erased=1$`));
  await expect(page.getByText("The contact was erased")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Its page now answers as for a contact that never was; its conversation's message empties once the job has run.
  const gone = await page.goto(contactUrl);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(async () => {
    await page.goto(`${chat}/c/${conversationId}`);
    await expect(page.getByText(words)).toHaveCount(0);
  }).toPass({ timeout: 30_000 });
});

test("a person asks to be erased; an admin declines with a reason, then confirms the next request", async ({ browser }) => {
  test.setTimeout(90_000);
  const password = "correct horse battery";
  const email = newMember("cleo", password);
  const chat = `/chat/${world.workspace.slug}`;
  const cleo = await (await browser.newContext()).newPage();
  const admin = await (await browser.newContext()).newPage();

  // The person asks, in Settings → Your data.
  await signIn(cleo, "/settings/data", { email, password });
  await cleo.getByRole("button", { name: "Ask to be erased" }).click();
  await expect(cleo.getByText(/You asked to be erased from/)).toBeVisible();
  expect(await axeViolations(cleo)).toEqual([]);

  // The admin declines it with a reason; an empty reason is refused beside the field.
  await signIn(admin, `${chat}/admin/people`);
  const request = admin.getByTestId("erasure-request").filter({ hasText: email });
  await expect(request).toBeVisible();
  expect(await axeViolations(admin)).toEqual([]);
  await request.getByRole("button", { name: "Decline the request" }).click();
  await expect(request.getByText("Say why the request is declined: the person is told")).toBeVisible();
  await request.getByLabel("Why you decline").fill("Invoices are kept for 10 years");
  await request.getByRole("button", { name: "Decline the request" }).click();
  await expect(admin.getByText("Request declined; they will read your reason.")).toBeVisible();
  await expect(admin.getByTestId("erasure-request").filter({ hasText: email })).toHaveCount(0);

  // The person reads the reason and asks again; the admin confirms, typing their e-mail.
  await cleo.reload();
  await expect(cleo.getByText("Invoices are kept for 10 years")).toBeVisible();
  await cleo.getByRole("button", { name: "Ask to be erased" }).click();
  await expect(cleo.getByText(/You asked to be erased from/)).toBeVisible();
  await admin.reload();
  await request.getByLabel("Type their e-mail address to confirm").fill(email.toUpperCase());
  await request.getByRole("button", { name: "Confirm: remove and erase" }).click();
  await expect(admin.getByText(/Removed; what they wrote is being erased/)).toBeVisible();
  await expect(admin.getByTestId("member").filter({ hasText: email })).toHaveCount(0);

  // In no other workspace, their account was erased with its sessions: they are signed out.
  await cleo.goto("/settings/data");
  await expect(cleo.getByLabel("Password")).toBeVisible();
});
