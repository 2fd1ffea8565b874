import { expect, test } from "@playwright/test";

test("the home page explains the product and links the API document", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bots talk with people. People stay in charge.");
  await expect(page.getByRole("list", { name: "Policy verdicts" }).getByRole("listitem")).toHaveCount(4);
  const link = page.getByRole("link", { name: "OpenAPI document" });
  await expect(link).toHaveAttribute("href", "/api/public/v1/openapi.json");
  await page.screenshot({ path: testInfo.outputPath("home.png"), fullPage: true });
});
