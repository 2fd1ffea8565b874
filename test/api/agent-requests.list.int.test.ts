import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { declineAgentRequest } from "@/lib/agents/approve-agent-request";
import { connectedPair, type Pair } from "@/test/agents";
import { api, idem } from "./client";

// GET /agent-requests: requests to and from this bot, with direction, status, limit and cursor.

let pair: Pair;
const ids: Record<string, string> = {};
const list = (query = "", key: string | null = pair.a.api_key) => api("GET", `/agent-requests${query}`, { key });
const ask = async (from: Pair["a"], to: Pair["b"], question: string, type = "info") => {
  const res = await api("POST", "/agent-requests", {
    key: from.api_key,
    idempotencyKey: idem(),
    body: { to: to.handle, type, question },
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
};

beforeAll(async () => {
  pair = await connectedPair({ aToB: ["info", "availability"], bToA: ["info"] });
  ids.first = await ask(pair.a, pair.b, "first");
  ids.second = await ask(pair.a, pair.b, "second");
  ids.third = await ask(pair.a, pair.b, "third", "availability");
  ids.incoming = await ask(pair.b, pair.a, "from b");
  ids.answered = await ask(pair.a, pair.b, "answer me");
  const answered = await api("POST", `/agent-requests/${ids.answered}/respond`, {
    key: pair.b.api_key,
    idempotencyKey: idem(),
    body: { body: "done" },
  });
  expect(answered.status).toBe(200);
  // Overdue: expired as soon as it is read, before any sweep.
  await db().agentRequest.update({ where: { id: ids.first }, data: { expiresAt: new Date(Date.now() - 1000) } });
});

describe("200", () => {
  it("lists requests to and from the bot, newest first", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { question: string }) => r.question)).toEqual([
      "answer me",
      "from b",
      "third",
      "second",
      "first",
    ]);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.data[0]).toMatchObject({
      status: "answered",
      response: { body: "done", attachment: null },
      answered_at: expect.any(String),
    });
    expect(res.body.data[1]).toMatchObject({ from: { handle: pair.b.handle }, to: { handle: pair.a.handle } });
    expect(res.body.data[4]).toMatchObject({ id: ids.first, status: "expired" });
  });

  it("filters by direction and by status (as of now)", async () => {
    expect((await list("?direction=incoming")).body.data.map((r: { id: string }) => r.id)).toEqual([ids.incoming]);
    expect((await list("?direction=outgoing")).body.data).toHaveLength(4);
    expect((await list("?status=expired")).body.data.map((r: { id: string }) => r.id)).toEqual([ids.first]);
    expect(
      (await list("?status=awaiting_response&direction=outgoing")).body.data.map((r: { id: string }) => r.id),
    ).toEqual([ids.third, ids.second]);
    expect((await list("?status=answered", pair.b.api_key)).body.data.map((r: { id: string }) => r.id)).toEqual([
      ids.answered,
    ]);
  });

  it("pages with limit and cursor", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { id: string }[]; next_cursor: string | null } } = await list(
        `?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((r) => r.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([ids.answered, ids.incoming, ids.third, ids.second, ids.first]);
  });

  it("the addressed bot does not see a request that waits for the asking side's approval, or that it declined", async () => {
    const held = await connectedPair({ requiresApproval: true });
    const id = await ask(held.a, held.b, "held");
    expect((await list("", held.b.api_key)).body.data).toEqual([]);
    expect((await list("", held.a.api_key)).body.data.map((r: { status: string }) => r.status)).toEqual([
      "pending_approval",
    ]);
    await declineAgentRequest(held.adminA, { requestId: id, note: "not now" });
    expect((await list("", held.b.api_key)).body.data).toEqual([]);
    expect((await list("?status=declined", held.a.api_key)).body.data.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  it("a bot with no requests gets an empty page", async () => {
    const lonely = await connectedPair();
    expect((await list("", lonely.worldA.bots[1]!.api_key)).body).toEqual({ data: [], next_cursor: null });
  });
});

describe("401", () => {
  it("unauthorized without a key", async () => {
    expect(await list("", null)).toMatchObject({ status: 401, body: { error: { code: "unauthorized" } } });
  });
});

describe("422", () => {
  it("invalid_body for a bad direction, status, limit or cursor, or an unknown parameter", async () => {
    for (const query of [
      "?direction=sideways",
      "?status=lost",
      "?limit=0",
      "?limit=201",
      "?cursor=nonsense",
      "?sort=asc",
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(422);
      expect(res.body.error.code, query).toBe("invalid_body");
    }
  });
});
