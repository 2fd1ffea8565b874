import { expect, test } from "@playwright/test";
import { demoWorld } from "../fixtures";

// The Contacts section: a member finds a contact by a part of its name, corrects its details (a refusal keeps
// what was typed), and goes from the contact to a conversation with it.

const world = demoWorld();
const ben = world.people[1]!;

test("a member finds a contact, corrects its phone, and opens a conversation with it", async ({ page }) => {
  const conversation = world.conversations[0]!; // "Order #1042 with Carla"
  const contact = world.contacts.find((c) => c.id === conversation.contact_id)!;
  await page.goto(`/chat/${world.workspace.slug}`);
  await page.getByLabel("Email").fill(ben.email);
  await page.getByLabel("Password").fill(ben.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

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
