import { expect, test } from "@playwright/test";

test("the home page explains the product and links the API document", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bots talk with people. People stay in charge.");
  await expect(page.getByRole("list", { name: "Policy verdicts" }).getByRole("listitem")).toHaveCount(4);
  const link = page.getByRole("link", { name: "OpenAPI document" });
  await expect(link).toHaveAttribute("href", "/api/public/v1/openapi.json");
  await page.screenshot({ path: testInfo.outputPath("home.png"), fullPage: true });
});

test("an address the app does not know answers 404 with the app's own page and a way back", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await page.getByRole("link", { name: "Open your chat" }).click();
  await expect(page).toHaveURL(/\/sign-in/); // the chat asks a signed-out visitor to sign in first
});
