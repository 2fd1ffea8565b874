import { expect, test, type Page } from "@playwright/test";
import { demoWorld } from "../fixtures";

// The Contacts section: a member finds a contact by a part of its name, corrects its details (a refusal keeps
// what was typed), and goes from the contact to a conversation with it; a member adds a contact there.

const world = demoWorld();
const ben = world.people[1]!;

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel("Email").fill(ben.email);
  await page.getByLabel("Password").fill(ben.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("a member finds a contact, corrects its phone, and opens a conversation with it", async ({ page }) => {
  const conversation = world.conversations[0]!; // "Order #1042 with Carla"
  const contact = world.contacts.find((c) => c.id === conversation.contact_id)!;
  await signIn(page, `/chat/${world.workspace.slug}`);
  await page.getByRole("navigation", { name: "Chat" }).getByRole("link", { name: "Contacts" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contacts");
  await page.getByLabel("Find a contact").fill(contact.name.slice(0, 4).toLowerCase());
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(/\/contacts\?q=/);
  await page.getByRole("list", { name: "Contacts" }).getByRole("link", { name: new RegExp(contact.name) }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(contact.name);

  await page.getByLabel("Phone").fill("call me maybe");
  await page.getByRole("button", { name: "Save contact" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "A phone number has digits" })).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveValue("call me maybe");

  await page.getByLabel("Phone").fill("+351 912 345 678");
  await page.getByRole("button", { name: "Save contact" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Contact saved" })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Phone")).toHaveValue("+351 912 345 678");

  const conversations = page.getByRole("list", { name: `Conversations with ${contact.name}` });
  await conversations.getByRole("link", { name: new RegExp(conversation.title!) }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${conversation.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(conversation.title!);
});

test("a member adds a contact (an email another contact has is refused, keeping what was typed) and starts a conversation with it", async ({ page }) => {
  const carla = world.contacts.find((c) => c.name === "Carla Mendes")!;
  const name = `Eva Rossi ${Date.now()}`;
  await signIn(page, `/chat/${world.workspace.slug}/contacts`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contacts");

  await page.getByText("Add a contact").click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill("CARLA@example.com");
  await page.getByLabel("Phone").fill("+39 06 1234 5678");
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page.getByRole("alert").filter({ hasText: `${carla.name} already has the email CARLA@example.com` })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByLabel("Phone")).toHaveValue("+39 06 1234 5678");

  await page.getByLabel("Email").fill(`eva.${Date.now()}@example.it`);
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByText(`No conversation with ${name} yet.`)).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveValue("+39 06 1234 5678");

  // From the contact's page, a conversation with it: the form starts with the contact chosen.
  const contactUrl = page.url();
  await page.getByRole("link", { name: `New conversation with ${name}` }).click();
  await expect(page.getByRole("list", { name: "Chosen contacts" })).toContainText(name);
  await page.getByLabel("Title").fill("Welcome call");
  await page.getByRole("button", { name: "Start conversation" }).click();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome call" })).toBeVisible();
  await page.goto(contactUrl);
  await expect(page.getByRole("list", { name: `Conversations with ${name}` }).getByRole("link", { name: /Welcome call/ })).toBeVisible();

  await page.getByRole("link", { name: "← Contacts" }).click();
  await page.getByLabel("Find a contact").fill("eva rossi");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("list", { name: "Contacts" }).getByRole("link", { name: new RegExp(name) })).toBeVisible();
});
