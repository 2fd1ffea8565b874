import { expect, test } from "@playwright/test";
import { newMember } from "../fixtures";

// The sign-in page after repeated failures: it says when to try again, and refuses the right password meanwhile.

test("the sign-in page shows the lockout and when to try again", async ({ page }) => {
  const password = "lockout-password-1";
  const email = newMember("lockout", password);

  await page.goto("/sign-in");
  const attempt = async (withPassword: string) => {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(withPassword);
    const answered = page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials"));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await answered;
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
  };
  for (let i = 0; i < 9; i++) {
    await attempt("wrong-password");
    await expect(page.getByText("Wrong email or password.")).toBeVisible();
  }
  await attempt("wrong-password");
  await expect(page.getByText("Too many failed sign-ins. Try again in 15 minutes.")).toBeVisible();
  await attempt(password);
  await expect(page.getByText("Too many failed sign-ins. Try again in 15 minutes.")).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.screenshot({ path: "test-results/sign-in-lockout.png" });
});
