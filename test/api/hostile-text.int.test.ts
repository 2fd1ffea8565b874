import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import * as attachments from "@/app/api/public/v1/attachments/route";
import { connectedPair, type Pair } from "@/test/agents";
import type { SeededWorld } from "@/lib/seed/seed-world";
import { api, idem } from "./client";

// Issue 16 through the real route handlers: a NUL or an unpaired surrogate in any text a bot sends is 422
// `invalid_body` (`invalid_blocks` under blocks) naming the field, never a 500, and nothing is stored: no message,
// draft, fact, agent request, policy record, attachment or remembered idempotent response.

const dir = mkdtempSync(path.join(os.tmpdir(), "relay-hostile-"));
process.env.ATTACHMENTS_DIR = dir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NUL = "a\u0000b";
const LONE = "a\ud800b";
const NUL_SAYS = "contains a NUL character (U+0000)";
const LONE_SAYS = "contains an unpaired surrogate (not valid Unicode)";

let pair: Pair;
let world: SeededWorld;
let conversation: string; // helper and scheduler, contact Carla
let carla: string;
let sourceId: string;
const helperKey = () => world.bots[0]!.api_key;

beforeAll(async () => {
  pair = await connectedPair({ aToB: ["info", "document"] });
  world = pair.worldA;
  conversation = world.conversations[0]!.id;
  carla = world.contacts[0]!.id;
  sourceId = (await db().message.findFirstOrThrow({ where: { conversationId: conversation } })).id;
});

const TABLES = [
  "messages",
  "drafts",
  "contact_facts",
  "agent_requests",
  "policy_decisions",
  "idempotency_keys",
  "attachments",
  "audit_events",
  "webhook_deliveries",
];

/** Rows of every table a refused request could have written to. */
async function counts(): Promise<Record<string, number>> {
  const rows = await sql().unchecked<{ t: string; n: number }>(
    TABLES.map((table) => `SELECT '${table}' AS t, count(*)::int AS n FROM ${table}`).join(" UNION ALL "),
  );
  return Object.fromEntries(rows.map((row) => [row.t, row.n]));
}

/** The request is refused with `code`, its message names `field` and the problem, and nothing was written. */
async function refused(
  request: () => ReturnType<typeof api>,
  expected: { code?: "invalid_body" | "invalid_blocks"; field: string; says: string },
) {
  const before = await counts();
  const res = await request();
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.error.code).toBe(expected.code ?? "invalid_body");
  expect(res.body.error.message).toContain(`${expected.field}: ${expected.says}`);
  expect(res.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
  expect(await counts()).toEqual(before);
  return res;
}

const send = (body: unknown) =>
  api("POST", `/conversations/${conversation}/messages`, { key: helperKey(), body, idempotencyKey: idem() });

describe("messages", () => {
  it.each([
    [NUL, NUL_SAYS],
    [LONE, LONE_SAYS],
  ])("a body %j is 422 invalid_body naming body", async (text, says) => {
    await refused(() => send({ body: text }), { field: "body", says });
  });

  it("a text inside blocks is 422 invalid_blocks naming its path", async () => {
    const card = (title: string, value: string) => ({
      type: "approval_card",
      title,
      fields: [{ label: "Order", value }],
      actions: [{ key: "yes", label: "Yes" }],
    });
    await refused(() => send({ blocks: [card("Fine", NUL)] }), {
      code: "invalid_blocks",
      field: "blocks[0].fields[0].value",
      says: NUL_SAYS,
    });
    await refused(() => send({ body: "Fine", blocks: [card(LONE, "x")] }), {
      code: "invalid_blocks",
      field: "blocks[0].title",
      says: LONE_SAYS,
    });
  });

  it("a field name (a key) that breaks the rule is refused as such", async () => {
    const res = await refused(() => send({ body: "hi", ["x\u0000"]: 1 }), {
      field: '["x\\u0000"]',
      says: `this field name ${NUL_SAYS}`,
    });
    expect(res.body.error.message).not.toContain("\u0000");
  });

  it("a status block's edit (PATCH /messages/{id}) is refused the same way", async () => {
    const sent = await send({ body: "Packing", blocks: [{ type: "status_block", title: "Packing", state: "working" }] });
    expect(sent.status).toBe(201);
    await refused(
      () =>
        api("PATCH", `/messages/${sent.body.data.id}`, {
          key: helperKey(),
          body: { blocks: [{ type: "status_block", title: LONE, state: "done" }] },
        }),
      { code: "invalid_blocks", field: "blocks[0].title", says: LONE_SAYS },
    );
  });

  it("an emoji where the conversation's preview is cut is never split in two (the preview stays valid text)", async () => {
    const body = `${"x".repeat(139)}🙂 and more`;
    const res = await send({ body });
    expect(res.status).toBe(201);
    const { lastMessagePreview } = await db().conversation.findUniqueOrThrow({ where: { id: conversation } });
    expect(lastMessagePreview).toBe("x".repeat(139));
  });

  it("emoji, right-to-left text and a valid surrogate pair are sent as they are", async () => {
    const body = "Ready 🙂 \ud83d\ude42 שלום a\u202eb";
    const res = await send({ body });
    expect(res.status).toBe(201);
    expect(res.body.data.body).toBe(body);
  });
});

describe("drafts", () => {
  const draft = (body: unknown) =>
    api("POST", `/conversations/${conversation}/drafts`, { key: helperKey(), body, idempotencyKey: idem() });

  it("the body, the rationale and the follow-up's body are each refused, named", async () => {
    await refused(() => draft({ body: NUL }), { field: "body", says: NUL_SAYS });
    await refused(() => draft({ body: "ok", rationale: LONE }), { field: "rationale", says: LONE_SAYS });
    await refused(() => draft({ body: "ok", follow_up: { body: NUL, delay_minutes: 5 } }), {
      field: "follow_up.body",
      says: NUL_SAYS,
    });
  });
});

describe("contact memory", () => {
  it("a fact is refused, named", async () => {
    const propose = (fact: string) =>
      api("POST", `/contacts/${carla}/facts`, {
        key: helperKey(),
        idempotencyKey: idem(),
        body: { fact, key: "billing.pay_day", source_message_id: sourceId },
      });
    await refused(() => propose(NUL), { field: "fact", says: NUL_SAYS });
    await refused(() => propose(LONE), { field: "fact", says: LONE_SAYS });
  });

  it("the legacy memory's write and its ?q= are refused, named", async () => {
    await refused(
      () =>
        api("POST", `/conversations/${conversation}/memory`, {
          key: helperKey(),
          idempotencyKey: idem(),
          body: { fact: NUL, source_message_id: sourceId },
        }),
      { field: "fact", says: NUL_SAYS },
    );
    const res = await refused(() => api("GET", `/conversations/${conversation}/memory?q=%00`, { key: helperKey() }), {
      field: "q",
      says: NUL_SAYS,
    });
    expect(res.body.error.message).toMatch(/^Query is invalid/);
  });

  it("contact search's q is refused, named", async () => {
    await refused(() => api("GET", `/contacts/${carla}/search?q=pay%00day`, { key: helperKey() }), {
      field: "q",
      says: NUL_SAYS,
    });
  });

  it("a NUL in a path id is the route's 404, not a 500", async () => {
    for (const route of [`/contacts/\u0000/context`, `/contacts/x\u0000/search?q=a`]) {
      const res = await api("GET", route, { key: helperKey() });
      expect(res.status, route).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    const res = await api("POST", `/conversations/\u0000/messages`, {
      key: helperKey(),
      body: { body: "hi" },
      idempotencyKey: idem(),
    });
    expect(res.status).toBe(404);
  });
});

describe("agent requests", () => {
  const ask = (body: unknown, key = idem()) =>
    api("POST", "/agent-requests", { key: pair.a.api_key, body, idempotencyKey: key });

  it("a `to` with a NUL or an unpaired surrogate is refused before anything, and never echoed into a stored record", async () => {
    await refused(() => ask({ to: `${pair.b.handle}\u0000`, type: "info", question: "Free on Friday?" }), {
      field: "to",
      says: NUL_SAYS,
    });
    const key = idem();
    await refused(() => ask({ to: `@${pair.b.handle}\ud800`, type: "info", question: "Free on Friday?" }, key), {
      field: "to",
      says: LONE_SAYS,
    });
    // The key was not used up: the fixed request goes through with it.
    const fixed = await ask({ to: pair.b.handle, type: "info", question: "Free on Friday?" }, key);
    expect(fixed.status).toBe(201);
  });

  it("a question is refused, named", async () => {
    await refused(() => ask({ to: pair.b.handle, type: "info", question: LONE }), { field: "question", says: LONE_SAYS });
    await refused(() => ask({ to: pair.b.handle, type: "info", question: NUL }), { field: "question", says: NUL_SAYS });
  });

  it("an answer's body is refused, named, and the request still waits for a valid one", async () => {
    const asked = await ask({ to: pair.b.handle, type: "document", question: "The contract?" });
    expect(asked.status).toBe(201);
    const id = asked.body.data.id as string;
    const respond = (body: unknown) =>
      api("POST", `/agent-requests/${id}/respond`, { key: pair.b.api_key, body, idempotencyKey: idem() });
    await refused(() => respond({ body: NUL }), { field: "body", says: NUL_SAYS });
    await refused(() => respond({ body: LONE }), { field: "body", says: LONE_SAYS });
    expect((await db().agentRequest.findUniqueOrThrow({ where: { id } })).status).toBe("awaiting_response");
    expect((await respond({ body: "Attached." })).status).toBe(200);
  });
});

describe("uploads", () => {
  it("a NUL in a multipart file name is 422 naming the file's name, and nothing is stored", async () => {
    const before = await counts();
    const form = new FormData();
    form.set("file", new File([new TextEncoder().encode("%PDF-1.7")], "contract\u0000.pdf", { type: "application/pdf" }));
    const response = await attachments.POST(
      new Request("http://relay.test/api/public/v1/attachments", {
        method: "POST",
        headers: { authorization: `Bearer ${pair.b.api_key}` },
        body: form,
      }),
    );
    const body = await response.json();
    expect(response.status).toBe(422);
    expect(body.error).toMatchObject({ code: "invalid_body", message: `The file's name ${NUL_SAYS}` });
    expect(await counts()).toEqual(before);
  });
});
