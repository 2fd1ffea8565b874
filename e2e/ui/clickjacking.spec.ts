import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type ConsoleMessage } from "@playwright/test";
import { demoWorld } from "../fixtures";

// Clickjacking the approval gate: a page on another origin (a server started here, on another port of the same
// host, so the signed-in person's cookies still go with the framed request) frames a chat thread and the approvals
// inbox under a decoy. The browser must refuse to render them: `frame-ancestors 'none'` (and X-Frame-Options: DENY).

const world = demoWorld();
const ana = world.people[0]!;
const slug = world.workspace.slug;

let attacker: http.Server;
let attackerOrigin: string;

test.beforeAll(async ({ baseURL }) => {
  attacker = http.createServer((req, res) => {
    const target = new URL(req.url ?? "/", "http://x").searchParams.get("frame") ?? "/";
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(
      `<!doctype html><title>Win a prize</title><button>Claim</button>` +
        `<iframe id="victim" src="${baseURL}${target}" width="800" height="600" style="opacity:0.01"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => attacker.close(resolve));
});

test("another origin cannot frame the chat thread or the approvals inbox", async ({ page, baseURL }) => {
  // Signed in, as the person a clickjacker targets.
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(ana.email);
  await page.getByLabel("Password").fill(ana.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${slug}`));
  // Unframed, the same pages show (so a refusal below is the framing's, not a missing page).
  await page.goto(`/chat/${slug}/approvals`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Approvals");

  const messages: string[] = [];
  page.on("console", (message: ConsoleMessage) => messages.push(message.text()));

  for (const target of [`/chat/${slug}/c/${world.conversations[0]!.id}`, `/chat/${slug}/approvals`]) {
    messages.length = 0;
    const framed = page.waitForResponse((response) => response.url() === `${baseURL}${target}`);
    await page.goto(`${attackerOrigin}/?frame=${encodeURIComponent(target)}`);
    const response = await framed;
    expect(response.status(), "the app answered the framed request").toBe(200);
    expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");

    // Chromium reports the refusal and leaves the frame on its error page: our document never loads in it.
    // ("Framing 'http://127.0.0.1:…/' violates the following Content Security Policy directive: "frame-ancestors
    // 'none'". The request has been blocked.")
    await expect
      .poll(() => messages.some((text) => /frame-ancestors 'none'/.test(text) && /blocked|refused/i.test(text)))
      .toBe(true);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame, "the iframe exists").toBeTruthy();
    expect(frame!.url()).not.toContain(baseURL!);
    expect(await frame!.locator("body").innerText().catch(() => "")).not.toMatch(/Approve|Approvals|Order #/);
    expect(await page.frameLocator("#victim").getByRole("heading", { name: "Approvals" }).count()).toBe(0);
  }
});
