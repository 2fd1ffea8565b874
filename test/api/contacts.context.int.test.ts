import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { confirmFact } from "@/lib/memory/decide-fact";
import { countTokens } from "@/lib/memory/tokens";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { api, idem } from "./client";

// GET /contacts/{id}/context: confirmed facts only, every item cited, under its token budget, with the four statuses.

let world: SeededWorld;
let carla: string;
let sourceId: string;
const ana = () => person(world.people[0]!.id, "web");
const key = () => world.bots[0]!.api_key;

beforeEach(async () => {
  world = await seedWorld();
  carla = world.contacts[0]!.id;
  sourceId = (await db().message.findFirstOrThrow({ where: { conversationId: world.conversations[0]!.id } })).id;
});

async function fact(
  text: string,
  factKey: string,
  options: { confirm?: boolean; keepOthers?: boolean; source?: string } = {},
) {
  const res = await api("POST", `/contacts/${carla}/facts`, {
    key: key(),
    body: { fact: text, key: factKey, source_message_id: options.source ?? sourceId },
    idempotencyKey: idem(),
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  if (options.confirm !== false) await confirmFact(ana(), { factId: res.body.data.id, keepOthers: options.keepOthers });
  return res.body.data.id as string;
}
const context = (format?: string, bot = key(), contact = carla) =>
  api("GET", `/contacts/${contact}/context${format ? `?format=${format}` : ""}`, { key: bot });

describe("GET /contacts/{id}/context", () => {
  it("200 ready: confirmed facts only, each cited with message, conversation, seq and an excerpt; full by default", async () => {
    await fact("Pays invoices on the 5th", "billing.pay_day");
    await fact("Prefers email over calls", "contact.channel");
    await fact("Owns a boat", "assets.boat", { confirm: false }); // a candidate: never in a pack
    const res = await context();
    expect(res.status).toBe(200);
    const pack = res.body.data;
    expect(pack).toMatchObject({ contact_id: carla, format: "full", status: "ready" });
    expect(pack.items.map((i: { fact: string }) => i.fact).sort()).toEqual([
      "Pays invoices on the 5th",
      "Prefers email over calls",
    ]);
    const message = await db().message.findUniqueOrThrow({ where: { id: sourceId } });
    expect(pack.items[0].citations).toEqual([
      { message_id: sourceId, conversation_id: message.conversationId, seq: message.seq, excerpt: expect.any(String) },
    ]);
    expect(message.body.startsWith(pack.items[0].citations[0].excerpt.replace(/…$/, ""))).toBe(true);
    expect(pack.token_count).toBe(countTokens(JSON.stringify(pack)));
  });

  it("insufficient_evidence with fewer than two confirmed facts", async () => {
    expect((await context()).body.data).toMatchObject({ status: "insufficient_evidence", items: [] });
    await fact("Pays invoices on the 5th", "billing.pay_day");
    expect((await context()).body.data.status).toBe("insufficient_evidence");
  });

  it("conflicting_facts when two confirmed facts disagree on a key; both are shown, first", async () => {
    await fact("Prefers email", "contact.channel");
    await fact("Pays on the 5th", "billing.pay_day");
    await fact("Pays on the 20th", "billing.pay_day", { keepOthers: true });
    const pack = (await context()).body.data;
    expect(pack.status).toBe("conflicting_facts");
    expect(pack.items.slice(0, 2).map((i: { key: string }) => i.key)).toEqual(["billing.pay_day", "billing.pay_day"]);
  });

  it("stale_sources when a cited message is old, or was deleted (the item stays, uncited)", async () => {
    await fact("Pays on the 5th", "billing.pay_day");
    await fact("Prefers email", "contact.channel");
    await db().message.update({
      where: { id: sourceId },
      data: { createdAt: new Date(Date.now() - 400 * 86_400_000) },
    });
    expect((await context()).body.data.status).toBe("stale_sources");

    const fresh = await db()
      .message.findFirstOrThrow({ where: { conversationId: world.conversations[0]!.id, id: { not: sourceId } } })
      .catch(() => null);
    if (fresh) await db().message.update({ where: { id: fresh.id }, data: { createdAt: new Date() } });
    await db().message.update({ where: { id: sourceId }, data: { createdAt: new Date() } });
    expect((await context()).body.data.status).toBe("ready");
    await db().$executeRaw`DELETE FROM messages WHERE id = ${sourceId}::uuid`;
    const pack = (await context()).body.data;
    expect(pack.status).toBe("stale_sources");
    expect(pack.items.every((i: { citations: unknown[] }) => i.citations.length === 0)).toBe(true);
  });

  it("keeps under 1500 tokens (full) and 500 (compact) with many facts, dropping whole items, newest kept", async () => {
    // 120 proposals in a row: faster than the default request rate (issue 31) allows.
    await updatePolicySettings(systemActor, {
      workspaceId: world.workspace.id,
      changes: { ratePerSecond: 1000, rateBurst: 1000 },
    });
    for (let i = 0; i < 120; i++) {
      await fact(
        `Note ${i}: ${"prefers detailed written summaries after every call, sent before noon, ".repeat(1 + (i % 3))}`.trim(),
        `notes.n${i}`,
      );
    }
    for (const [format, budget] of [
      ["full", 1500],
      ["compact", 500],
    ] as const) {
      const pack = (await context(format)).body.data;
      expect(pack.format).toBe(format);
      expect(pack.token_count).toBe(countTokens(JSON.stringify(pack)));
      expect(pack.token_count).toBeLessThan(budget);
      expect(pack.items.length).toBeGreaterThan(0);
      expect(pack.items.length).toBeLessThan(120);
      expect(pack.items[0].key).toBe("notes.n119"); // the most recently confirmed first
      const all = await db().contactFact.findMany({ where: { contactId: carla, status: "confirmed" } });
      const byKey = new Map(all.map((f) => [f.key, f.fact]));
      for (const item of pack.items) expect(item.fact).toBe(byKey.get(item.key)); // never cut mid-item
    }
  });

  it("401, 403 (not in a conversation with the contact; another workspace), 404 and 422 for an unknown format", async () => {
    expect((await api("GET", `/contacts/${carla}/context`, { key: null })).status).toBe(401);
    expect((await context(undefined, world.bots[1]!.api_key, world.contacts[1]!.id)).status).toBe(403);
    expect((await context(undefined, (await seedWorld()).bots[0]!.api_key)).status).toBe(403);
    expect((await context(undefined, key(), "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await context("tiny")).status).toBe(422);
  });
});
