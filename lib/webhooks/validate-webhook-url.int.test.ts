import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createBot } from "@/lib/bots/create-bot";
import { updateBot } from "@/lib/bots/update-bot";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";

// Issue 31, finding 7: `bot update H --webhook-url https://169.254.169.254/` was stored without a word, and every
// delivery then went pending and was retried. Through the two domain doors every form and command uses (createBot,
// updateBot): an IP literal the address rule refuses is refused when saved, naming the address and why; a name is
// resolved there and then, and only warned about (DNS can change, and may be set up after the URL).

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");
const helper = () => world.bots[0]!;
const row = () => db().bot.findUniqueOrThrow({ where: { id: helper().id } });
const allowLoopback = (allow: boolean) =>
  sql().unchecked("UPDATE deployment_settings SET allow_loopback_webhooks = $1", [allow]);

beforeAll(async () => {
  world = await seedWorld({ webhookUrl: "https://93.184.216.34/relay" });
});
afterEach(() => allowLoopback(true));

describe("an IP literal the address rule refuses is refused when saved", () => {
  it.each([
    [
      "https://169.254.169.254/",
      "Webhook URL's address 169.254.169.254 is a link-local (cloud metadata) address (169.254.0.0/16, RFC 3927): webhooks go only to global unicast addresses",
    ],
    [
      "https://[::1:7f00:1]/hook",
      "Webhook URL's address ::1:7f00:1 is not a global unicast address (IPv6 outside 2000::/3): webhooks go only to global unicast addresses",
    ],
    [
      "https://10.0.0.7:8443/hook",
      "Webhook URL's address 10.0.0.7 is a private-use address (10.0.0.0/8, RFC 1918): webhooks go only to global unicast addresses",
    ],
    [
      "https://[64:ff9b::a9fe:a9fe]/",
      "Webhook URL's address 64:ff9b::a9fe:a9fe is a NAT64 address (64:ff9b::/96, RFC 6052) of 169.254.169.254, a link-local (cloud metadata) address (169.254.0.0/16, RFC 3927): webhooks go only to global unicast addresses",
    ],
    // Written any way WHATWG URL accepts an IPv4 address: judged as the address it is.
    [
      "https://0xa9fea9fe/",
      "Webhook URL's address 169.254.169.254 is a link-local (cloud metadata) address (169.254.0.0/16, RFC 3927): webhooks go only to global unicast addresses",
    ],
  ])("%s: 422 invalid_body on webhook_url, nothing stored or audited", async (url, message) => {
    const before = await row();
    const audits = await db().auditEvent.count({ where: { subjectId: helper().id } });
    const error = await updateBot(ana(), { botId: helper().id, webhookUrl: url }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "invalid_body", status: 422, message, extras: { field: "webhook_url" } });
    expect(await row()).toEqual(before);
    expect(await db().auditEvent.count({ where: { subjectId: helper().id } })).toBe(audits);

    const handle = `lit${Math.random().toString(36).slice(2, 8)}`;
    await expect(
      createBot(ana(), { workspaceId: world.workspace.id, handle, name: "Literal", webhookUrl: url }),
    ).rejects.toMatchObject({ code: "invalid_body", message, extras: { field: "webhook_url" } });
    expect(await db().bot.count({ where: { handle } })).toBe(0);
  });

  it("a loopback literal only where the deployment allows loopback webhooks", async () => {
    await allowLoopback(false);
    for (const url of ["https://127.0.0.1:8443/hook", "https://[::1]/hook", "https://[::ffff:127.0.0.1]/hook"]) {
      await expect(updateBot(ana(), { botId: helper().id, webhookUrl: url }), url).rejects.toMatchObject({
        code: "invalid_body",
        message: expect.stringMatching(/loopback address .*\(loopback where the deployment allows it, ALLOW_LOOPBACK_WEBHOOKS=true\)$/),
        extras: { field: "webhook_url" },
      });
    }
    await allowLoopback(true);
    expect(await updateBot(ana(), { botId: helper().id, webhookUrl: "https://127.0.0.1:8443/hook" })).toMatchObject({
      webhook_url: "https://127.0.0.1:8443/hook",
      warnings: [],
    });
    // A form of 127.x that goes elsewhere is no loopback, allowed or not.
    await expect(
      updateBot(ana(), { botId: helper().id, webhookUrl: "https://[64:ff9b::7f00:1]/" }),
    ).rejects.toMatchObject({
      code: "invalid_body",
    });
  });

  it("a global address is saved as before, without a warning", async () => {
    expect(await updateBot(ana(), { botId: helper().id, webhookUrl: "https://93.184.216.34/hook" })).toMatchObject({
      webhook_url: "https://93.184.216.34/hook",
      warnings: [],
    });
    expect(
      await updateBot(ana(), { botId: helper().id, webhookUrl: "https://[2606:2800:220:1::1]/hook" }),
    ).toMatchObject({
      warnings: [],
    });
  });
});

describe("a name is resolved when saved, and only warned about", () => {
  it("one that does not resolve is saved, with a warning on webhook_url (every time it is given)", async () => {
    const saved = await updateBot(ana(), { botId: helper().id, webhookUrl: "https://no-such-host.invalid/hook" });
    expect(saved).toMatchObject({ webhook_url: "https://no-such-host.invalid/hook", changed: ["webhook_url"] });
    expect(saved.warnings).toEqual([
      {
        field: "webhook_url",
        message: expect.stringMatching(/^no-such-host\.invalid does not resolve \((ENOTFOUND|EAI_AGAIN)\): deliveries will fail until it does$/),
      },
    ]);
    expect((await row()).webhookUrl).toBe("https://no-such-host.invalid/hook");
    const again = await updateBot(ana(), { botId: helper().id, webhookUrl: "https://no-such-host.invalid/hook" });
    expect(again).toMatchObject({ changed: [], warnings: [{ field: "webhook_url" }] });
    // Other settings alone do not look the URL up.
    expect(await updateBot(ana(), { botId: helper().id, name: "Helper" })).toMatchObject({ warnings: [] });
  });

  it("one that resolves to a refused address is saved, with a warning naming the address and why", async () => {
    await allowLoopback(false);
    const saved = await updateBot(ana(), { botId: helper().id, webhookUrl: "https://localhost:8443/hook" });
    expect(saved.webhook_url).toBe("https://localhost:8443/hook");
    expect(saved.warnings).toEqual([
      {
        field: "webhook_url",
        message: expect.stringMatching(
          /^localhost resolves to (127\.0\.0\.1|::1), (a|the) loopback address \(.*\): deliveries will be refused until it resolves to a global unicast address$/,
        ),
      },
    ]);
    await allowLoopback(true);
    expect(
      (await updateBot(ana(), { botId: helper().id, webhookUrl: "https://localhost:8443/hook" })).warnings,
    ).toEqual([]);
  });

  it("createBot says the same, and so does the seed that passes its URL to both bots", async () => {
    const created = await createBot(ana(), {
      workspaceId: world.workspace.id,
      handle: `nm${Math.random().toString(36).slice(2, 8)}`,
      name: "Named",
      webhookUrl: "https://no-such-host.invalid/hook",
    });
    expect(created.bot.webhookUrl).toBe("https://no-such-host.invalid/hook");
    expect(created.warnings).toEqual([{ field: "webhook_url", message: expect.stringContaining("does not resolve") }]);
    expect((await seedWorld({ webhookUrl: "https://no-such-host.invalid/hook" })).warnings).toEqual(created.warnings);
    expect(world.warnings).toBeUndefined(); // a global address: nothing to say
  });
});
