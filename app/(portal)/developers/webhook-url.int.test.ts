import { describe, expect, it, vi } from "vitest";
import type { SignedInPerson } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { seedWorld } from "@/lib/seed/seed-world";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { renderPage } from "@/test/security/doors/pages";
import { registerBot, saveBotSettings } from "./_actions/bots";

// Issue 31, finding 7, in the portal: the bot forms refuse a webhook URL to a refused address beside its field, and
// save a name with what its lookup found shown after saving; the delivery page says why a refused delivery failed
// and that it was not retried. Called as a form and Next would call them; only the session and Next's request scope
// are faked (as in ./bots/[id]/deliveries/page.int.test.ts).

const session = vi.hoisted(() => ({ person: null as SignedInPerson | null }));
vi.mock("@/lib/auth/session", () => ({ signedInPerson: async () => session.person }));
vi.mock("next/cache", () => ({ refresh: () => {}, revalidatePath: () => {} }));
vi.mock("next/headers", async (original) => ({ ...(await original<typeof import("next/headers")>()), headers: async () => new Headers() }));
vi.mock("next/server", async (original) => ({ ...(await original<typeof import("next/server")>()), connection: async () => {} }));

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  return data;
};

describe("the portal's webhook URL", () => {
  it("settings: a refused address is refused beside the field; a name that does not resolve is saved, with a warning", async () => {
    const world = await seedWorld();
    const ana = world.people[0]!;
    session.person = { id: ana.id, email: ana.email, name: ana.name, handle: ana.handle };
    const bot = world.bots[0]!;
    const settings = (webhookUrl: string) =>
      saveBotSettings(bot.id, { n: 0 }, form({ name: "Helper", webhookUrl, eventTypes: ["message.created"] }));

    const refused = await settings("https://169.254.169.254/");
    expect(refused.fieldErrors).toEqual({
      webhookUrl:
        "Webhook URL's address 169.254.169.254 is a link-local (cloud metadata) address (169.254.0.0/16, RFC 3927): webhooks go only to global unicast addresses",
    });
    expect(refused.result).toBeUndefined();
    expect((await db().bot.findUniqueOrThrow({ where: { id: bot.id } })).webhookUrl).toBeNull();

    const named = await settings("https://no-such-host.invalid/hook");
    expect(named.fieldErrors).toBeUndefined();
    expect(named.result).toEqual({
      changed: expect.arrayContaining(["webhook_url"]),
      warnings: [expect.stringMatching(/^no-such-host\.invalid does not resolve \(.+\): deliveries will fail until it does$/)],
    });
    expect((await db().bot.findUniqueOrThrow({ where: { id: bot.id } })).webhookUrl).toBe("https://no-such-host.invalid/hook");

    const registered = await registerBot(
      { n: 0 },
      form({ workspaceId: world.workspace.id, handle: `wh-${world.workspace.slug.slice(-8)}`, name: "Hooked", webhookUrl: "https://no-such-host.invalid/r", eventTypes: ["message.created"] }),
    );
    expect(registered.result?.warnings).toEqual([expect.stringContaining("no-such-host.invalid does not resolve")]);
    const notRegistered = await registerBot(
      { n: 0 },
      form({ workspaceId: world.workspace.id, handle: `wx-${world.workspace.slug.slice(-8)}`, name: "Hooked", webhookUrl: "https://[::1:7f00:1]/", eventTypes: [] }),
    );
    expect(notRegistered.fieldErrors?.webhookUrl).toMatch(/^Webhook URL's address ::1:7f00:1 is not a global unicast address/);
  });

  it("the delivery page shows why a refused delivery failed, and that it was not retried", async () => {
    const world = await seedWorld();
    const ana = world.people[0]!;
    session.person = { id: ana.id, email: ana.email, name: ana.name, handle: ana.handle };
    const bot = world.bots[0]!;
    await db().bot.update({ where: { id: bot.id }, data: { webhookUrl: "https://169.254.169.254/latest" } }); // stored before the check
    const since = new Date();
    await postPersonMessage(person(ana.id, "web"), {
      conversationId: world.conversations[1]!.id,
      body: "Anyone there?",
    });
    const delivery = await db().webhookDelivery.findFirstOrThrow({
      where: { botId: bot.id, createdAt: { gte: since } },
    });
    await attemptDelivery(delivery.id);

    const page = await renderPage("app/(portal)/developers/deliveries/[id]/page.tsx", { params: Promise.resolve({ id: delivery.id }) });
    expect(page.ok).toBe(true);
    expect(page.text).toContain("Refused: Relay does not connect to this address");
    expect(page.text).toContain("refused: 169.254.169.254 is a link-local (cloud metadata) address (169.254.0.0/16, RFC 3927)");
    expect(page.text).toContain("it is not retried");
  });
});
