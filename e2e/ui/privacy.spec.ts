import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { readZip } from "@/test/read-zip";
import { axeViolations, demoWorld, newConversation } from "../fixtures";

// Issue 38, done means: an admin exports a contact (the archive downloads and holds the canaries), then erases it, and
// the contact's pages answer "not found". The export is built by the server's own job worker (npm start runs one).

const world = demoWorld();
const ana = world.people[0]!;

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel("Email").fill(ana.email);
  await page.getByLabel("Password").fill(ana.password);
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
