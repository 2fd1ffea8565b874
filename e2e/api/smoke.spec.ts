import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { demoWorld, idem } from "../fixtures";

// The bot API over real HTTP on the built server: routing, the wrapper, the embedded database and the demo seed.

test("GET /me with a demo bot's key", async ({ request }) => {
  const bot = demoWorld().bots[0]!;
  const res = await request.get("/api/public/v1/me", { headers: { authorization: `Bearer ${bot.api_key}` } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ bot: { id: bot.id, handle: bot.handle, name: bot.name } });
  expect(res.headers()["x-request-id"]).toBeTruthy();
});

test("an established bot's message is sent (201), a new bot's is held (202)", async ({ request }) => {
  const world = demoWorld();
  const [helper, scheduler] = world.bots as [SeededBot, SeededBot];
  const sent = await request.post(`/api/public/v1/conversations/${world.conversations[1]!.id}/messages`, {
    headers: { authorization: `Bearer ${helper.api_key}`, "idempotency-key": idem() },
    data: { body: "Hello from the e2e suite" },
  });
  expect(sent.status()).toBe(201);
  expect((await sent.json()).data.seq).toBeGreaterThan(1);
  const held = await request.post(`/api/public/v1/conversations/${world.conversations[2]!.id}/messages`, {
    headers: { authorization: `Bearer ${scheduler.api_key}`, "idempotency-key": idem() },
    data: { body: "Tuesday?" },
  });
  expect(held.status()).toBe(202);
  expect((await held.json()).data.reasons).toEqual(["new_bot"]);
});

test("errors are JSON in the documented shape over HTTP: 400, 401, 404, 413", async ({ request }) => {
  const world = demoWorld();
  const auth = { authorization: `Bearer ${world.bots[0]!.api_key}`, "idempotency-key": idem(), "content-type": "application/json" };
  const url = `/api/public/v1/conversations/${world.conversations[1]!.id}/messages`;
  const badJson = await request.post(url, { headers: auth, data: Buffer.from("{oops") });
  expect(badJson.status()).toBe(400);
  expect((await badJson.json()).error.code).toBe("invalid_json");
  expect((await request.get("/api/public/v1/me")).status()).toBe(401);
  const unknown = await request.get("/api/public/v1/nothing/here");
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()["content-type"]).toContain("application/json");
  expect((await unknown.json()).error.code).toBe("not_found");
  const huge = await request.post(url, { headers: { ...auth, "idempotency-key": idem() }, data: Buffer.from(JSON.stringify({ body: "x".repeat(300_000) })) });
  expect(huge.status()).toBe(413);
  expect((await huge.json()).error.code).toBe("payload_too_large");
});

test("the OpenAPI document is served", async ({ request }) => {
  const res = await request.get("/api/public/v1/openapi.json");
  expect(res.status()).toBe(200);
  const doc = await res.json();
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths)).toContain("/conversations/{id}/messages");
});

test("the CLI works while the app runs: it finds the app's embedded server", async ({ request }) => {
  const out = execFileSync("npm", ["run", "--silent", "cli", "--", "seed", "--json"], {
    env: { ...process.env, DATA_DIR: ".data/e2e", DATABASE_URL: "" },
    encoding: "utf8",
  });
  const world = JSON.parse(out) as { bots: { api_key: string; handle: string }[] };
  const res = await request.get("/api/public/v1/me", { headers: { authorization: `Bearer ${world.bots[0]!.api_key}` } });
  expect(res.status()).toBe(200);
  expect((await res.json()).bot.handle).toBe(world.bots[0]!.handle);
});

type SeededBot = ReturnType<typeof demoWorld>["bots"][number];
