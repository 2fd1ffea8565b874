import { createHmac } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";

// /api/inngest: Inngest's door with JOBS_ENGINE=inngest, refused unless signed with the signing key (the HMAC Inngest
// computes: SHA-256 keyed with the key's hex part, over the body then the timestamp); the JSON 404 of any unknown path
// with JOBS_ENGINE=graphile. The environment is read once per module graph, so each case loads the route afresh.

const SIGNING_KEY = `signkey-test-${"5e".repeat(32)}`;
const URL_ = "http://relay.test/api/inngest";

async function routeWith(environment: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  return import("./route");
}
afterEach(() => vi.unstubAllEnvs());

function signed(body: string, key = SIGNING_KEY, at = Math.floor(Date.now() / 1000)) {
  const mac = createHmac("sha256", key.replace(/^signkey-\w+-/, "")).update(body).update(String(at)).digest("hex");
  return `t=${at}&s=${mac}`;
}

const inngestEnv = { JOBS_ENGINE: "inngest", INNGEST_SIGNING_KEY: SIGNING_KEY, INNGEST_EVENT_KEY: "test-event-key", INNGEST_DEV: "false" };

describe("/api/inngest", () => {
  it("answers Inngest's signed introspection, and in-band sync with the function list", async () => {
    const route = await routeWith(inngestEnv);
    const introspection = await route.GET(new NextRequest(URL_, { headers: { "x-inngest-signature": signed("") } }), {});
    expect(introspection.status).toBe(200);
    expect(await introspection.json()).toMatchObject({ authentication_succeeded: true, mode: "cloud", function_count: 15, has_signing_key: true, has_event_key: true, app_id: "relay" });

    const body = JSON.stringify({ url: URL_ });
    const sync = await route.PUT(
      new NextRequest(URL_, { method: "PUT", body, headers: { "content-type": "application/json", "x-inngest-signature": signed(body), "x-inngest-sync-kind": "in_band" } }),
      {},
    );
    expect(sync.status).toBe(200);
    const ids = ((await sync.json()) as { functions: { id: string }[] }).functions.map((f) => f.id).sort();
    expect(ids).toEqual(
      ["deliver-webhook", "send-follow-up", "notify", "deliver-notifications", "embed-pending", "expire-agent-requests", "expire-drafts", "send-reminders", "relay-job-outbox", "prune-expired-rows", "audit-seal", "audit-checkpoint", "sign-in-alert", "run-erasure", "build-export"]
        .map((id) => `relay-${id}`)
        .sort(),
    );
  });

  it("refuses unsigned, wrongly signed and stale calls: introspection, sync and runs", async () => {
    const route = await routeWith(inngestEnv);
    const unsigned = await route.GET(new NextRequest(URL_), {});
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get("x-request-id")).toBeTruthy();
    const otherKey = `signkey-test-${"77".repeat(32)}`;
    expect((await route.GET(new NextRequest(URL_, { headers: { "x-inngest-signature": signed("", otherKey) } }), {})).status).toBe(401);
    const stale = signed("", SIGNING_KEY, Math.floor(Date.now() / 1000) - 600);
    expect((await route.GET(new NextRequest(URL_, { headers: { "x-inngest-signature": stale } }), {})).status).toBe(401);

    const sync = JSON.stringify({ url: URL_ });
    const unsignedSync = await route.PUT(new NextRequest(URL_, { method: "PUT", body: sync, headers: { "content-type": "application/json", "x-inngest-sync-kind": "in_band" } }), {});
    expect(unsignedSync.status).toBe(401);
    // A forged run of the delivery function: refused before anything runs.
    const run = JSON.stringify({ event: { name: "relay/job.deliver_webhook", data: { outbox_id: "1", run_at: new Date().toISOString() } }, events: [], steps: {}, ctx: { run_id: "x", attempt: 0 } });
    const forged = await route.POST(
      new NextRequest(`${URL_}?fnId=relay-deliver-webhook&stepId=step`, { method: "POST", body: run, headers: { "content-type": "application/json" } }),
      {},
    );
    expect(forged.status).toBe(401);
  });

  it("is an unknown path with JOBS_ENGINE=graphile: the JSON 404, every method", async () => {
    const route = await routeWith({ JOBS_ENGINE: "graphile" });
    for (const call of [route.GET, route.POST, route.PUT]) {
      const response = await call(new NextRequest(URL_, { headers: { "x-inngest-signature": signed("") } }), {});
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
    }
    expect((await route.OPTIONS(new Request(URL_, { method: "OPTIONS" }))).status).toBe(404);
  });
});
