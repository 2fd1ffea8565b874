import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateBot } from "@/lib/bots/update-bot";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { validatePushEndpoint } from "@/lib/notifications/push/validate-push-endpoint";
import { metadataDocumentFetchAllowed } from "@/lib/oauth/fetch-metadata-document";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { postWebhook } from "@/lib/webhooks/post-webhook";
import { refusedUrl } from "./refused-addresses";

// Issue 31's fuzz: URLs whose host is an address the rule must refuse (refused-addresses.ts: anywhere in IANA's
// special-purpose blocks or in IPv6 outside 2000::/3, spelt every way a URL parser accepts) against every door that
// takes such a URL, on a deployment that does not allow loopback. Each must refuse it, naming the address: saving
// it as a bot's webhook URL (422 invalid_body on webhook_url, nothing stored), subscribing it as a push endpoint,
// fetching it as a client metadata document, and delivering to it (refused before any connection, so not retried).
// FUZZ_SEED replays a run; FUZZ_RUNS sets its length (default 1,000).

const seed = Number(process.env.FUZZ_SEED ?? 20261201);
const numRuns = Number(process.env.FUZZ_RUNS ?? 1000);

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");

beforeAll(async () => {
  world = await seedWorld({ webhookUrl: "https://93.184.216.34/relay" });
  await sql().unchecked("UPDATE deployment_settings SET allow_loopback_webhooks = false");
});
afterAll(() => sql().unchecked("UPDATE deployment_settings SET allow_loopback_webhooks = true"));

/** The refusal a door threw, or a description of what it did instead. */
async function refusal(call: () => Promise<unknown>): Promise<ApiError> {
  try {
    const answer = await call();
    throw new Error(`accepted: ${JSON.stringify(answer)}`);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

describe("URLs to refused addresses, at every door", () => {
  it("are refused, naming the address, and nothing is stored or sent", async () => {
    const bot = world.bots[0]!;
    const stored = "https://93.184.216.34/relay";
    await fc.assert(
      fc.asyncProperty(refusedUrl, async ({ url, address }) => {
        const saved = await refusal(() => updateBot(ana(), { botId: bot.id, webhookUrl: url })).finally(async () => {
          // A URL let through is put back at once, so that the next case (and shrinking) starts from the same bot.
          const now = (await db().bot.findUniqueOrThrow({ where: { id: bot.id } })).webhookUrl;
          if (now !== stored) await db().bot.update({ where: { id: bot.id }, data: { webhookUrl: stored } });
          expect(now).toBe(stored);
        });
        expect(saved).toMatchObject({ code: "invalid_body", extras: { field: "webhook_url" } });
        expect(saved.message).toContain(`Webhook URL's address ${address} is `);

        const pushed = await refusal(() => validatePushEndpoint(url));
        expect(pushed).toMatchObject({ code: "invalid_body", extras: { field: "endpoint" } });
        expect(pushed.message).toContain(`endpoint: ${address} is `);

        expect(await metadataDocumentFetchAllowed(url)).toBe(false);

        const posted = await postWebhook(url, { headers: {}, body: "{}", allowLoopback: false, timeoutMs: 1000 });
        expect(posted).toMatchObject({ status: null, refused: true });
        expect(posted.error).toMatch(new RegExp(`^refused: ${address.replace(/[.]/g, "\\.")} is `));
      }),
      { numRuns, seed, endOnFailure: false },
    );
  }, 120_000);

  it("the generator reaches every kind of input it is meant to", () => {
    const labels = fc.sample(refusedUrl, { numRuns: 2000, seed }).map((c) => c.label);
    for (const kind of ["::/96", "outside 2000::/3", "in ::ffff:0:0/96", "in 64:ff9b::/96", "hex parts", "one number", "trailing dot", "capitals", "169.254.0.0/16", "100:0:0:1::/64"])
      expect(labels.some((label) => label.includes(kind)), kind).toBe(true);
  });
});
