import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { SeededWorld } from "@/lib/seed/seed-world";

/** The demo world the server seeded on its first start (see playwright.config.ts). */
export function demoWorld(): SeededWorld {
  return JSON.parse(readFileSync(path.join(".data/e2e", "demo-credentials.json"), "utf8")) as SeededWorld;
}

let n = 0;
export const idem = () => `e2e-${Date.now()}-${++n}`;

/** `npm run --silent cli -- ...` against the e2e server's database; returns parsed JSON, throws with stderr. */
export function cli(...args: string[]): unknown {
  const out = execFileSync("npm", ["run", "--silent", "cli", "--", ...args], {
    // The server's own site (APP_URL defaults to localhost on its PORT): what WebAuthn checks name as the origin.
    env: { ...process.env, DATA_DIR: ".data/e2e", DATABASE_URL: "", PORT: process.env.E2E_PORT ?? "3107" },
    encoding: "utf8",
  });
  return JSON.parse(out);
}

/** A new member of the demo workspace with this password, under a fresh email `<prefix>.<random>@example.com`. */
export function newMember(prefix: string, password: string): string {
  const tag = randomBytes(4).toString("hex");
  const email = `${prefix}.${tag}@example.com`;
  cli(
    "person",
    "create",
    "--workspace",
    demoWorld().workspace.slug,
    "--email",
    email,
    "--name",
    prefix[0]!.toUpperCase() + prefix.slice(1),
    "--handle",
    `${prefix}.${tag}`,
    "--password",
    password,
  );
  return email;
}

/**
 * A conversation in the demo workspace, made by `as` (an email) through the CLI, with a bot and a contact when
 * given; its id.
 */
export function newConversation(as: string, title: string, withThem: { bot?: string; contact?: string } = {}): string {
  const conversation = cli(
    "conversation",
    "create",
    "--workspace",
    demoWorld().workspace.slug,
    "--as",
    as,
    "--title",
    title,
    ...(withThem.contact ? ["--contact", withThem.contact] : []),
    ...(withThem.bot ? ["--bot", withThem.bot] : []),
    "--json",
  ) as { id: string };
  return conversation.id;
}

/**
 * Every page the demo workspace's first admin reaches signed in, with the demo's own ids: the chat (admin pages too),
 * the developer portal (a delivery's page when `deliveryId` is given) and the settings. The consent and unsubscribe
 * pages need a token and are visited by their own specs.
 */
export function adminPages({ deliveryId }: { deliveryId?: string } = {}): string[] {
  const world = demoWorld();
  const chat = `/chat/${world.workspace.slug}`;
  const bot = `/developers/bots/${world.bots[0]!.id}`;
  return [
    "/",
    "/chat",
    chat,
    `${chat}/c/${world.conversations[0]!.id}`,
    `${chat}/approvals`,
    `${chat}/contacts`,
    `${chat}/contacts/${world.conversations[0]!.contact_id}`,
    `${chat}/new`,
    `${chat}/admin`,
    `${chat}/admin/rules`,
    `${chat}/admin/overview`,
    `${chat}/admin/audit`,
    `${chat}/admin/people`,
    "/developers",
    "/developers/bots/new",
    bot,
    `${bot}/deliveries`,
    ...(deliveryId ? [`/developers/deliveries/${deliveryId}`] : []),
    "/developers/connections",
    "/developers/docs",
    "/developers/docs/guide",
    "/settings",
    "/settings/tokens",
    "/settings/security",
    "/settings/notifications",
    "/settings/notifications/outbox",
    "/settings/data",
  ];
}

/**
 * Chromium's virtual authenticator on a page (the DevTools protocol's WebAuthn domain): a platform passkey that
 * verifies the user and answers every ceremony at once, as a person touching their fingerprint reader would.
 */
export async function virtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The page's violations of WCAG 2.2 A and AA (axe-core), one line each: the rule and where. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
