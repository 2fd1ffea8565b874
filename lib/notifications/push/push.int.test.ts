import { createECDH, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "@/lib/db/embedded";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import type { SignedInPerson } from "@/lib/auth/session";
import { createPerson } from "@/lib/people/create-person";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { GET as getKey } from "@/app/api/chat/push/key/route";
import { DELETE, GET, POST } from "@/app/api/chat/push/subscriptions/route";
import { startPushService, type PushBrowser, type PushService } from "@/test/push-service";
import { PUSH_TTL_SECONDS, PushDeliveryFailed, pushToPerson, type PushPayload } from "./push-to-person";
import { MAX_DEVICES_PER_PERSON } from "./subscribe-push";
import { vapidKeys } from "./vapid-keys";

// The Web Push channel end to end, in-process: the chat's routes as Next calls them (the session is set here; the
// rest is real), and pushToPerson against a local push service that verifies VAPID and decrypts each message with
// http_ece as the browser would (test/push-service.ts). The push service is plain http on 127.0.0.1, which the
// deployment setting for loopback webhooks allows (test/global-setup.ts records it, as a local install does).

const session = vi.hoisted(() => ({ person: null as SignedInPerson | null }));
vi.mock("@/lib/auth/session", () => ({ signedInPerson: async () => session.person }));

const dataDir = mkdtempSync(path.join(os.tmpdir(), "relay-push-"));
process.env.DATA_DIR = dataDir; // the VAPID key file is made here
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let world: SeededWorld;
let service: PushService;
type Who = SeededWorld["people"][number];
let ana: Who;
let ben: Who;

beforeAll(async () => {
  world = await seedWorld();
  [ana, ben] = world.people as [Who, Who];
  service = await startPushService();
});
afterAll(() => service.close());

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

function as(who: Who | null) {
  session.person = who && { id: who.id, email: who.email, name: who.name, handle: who.handle };
}

async function call(
  handler: (request: Request, context: { params: Promise<Record<string, never>> }) => Promise<Response>,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const request = new Request("http://relay.test/api/chat/push/subscriptions", {
    method,
    headers: { "content-type": "application/json", "user-agent": CHROME, ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const response = await handler(request, { params: Promise.resolve({}) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

const subscribe = (who: Who, body: unknown, headers?: Record<string, string>) => {
  as(who);
  return call(POST, "POST", body, headers);
};

async function subscribed(who: Who, status = 201): Promise<PushBrowser> {
  const browser = service.browser(status);
  const res = await subscribe(who, browser.subscription);
  expect(res.status).toBe(201);
  return browser;
}

const rows = (userId: string) => db().pushSubscription.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
const payload = (n: string): PushPayload => ({
  title: `Ticket Bot waits for your approval ${n}`,
  body: "“Refund €40 to Carla?” and 2 more",
  url: `/chat/demo/c/${randomBytes(4).toString("hex")}?approval=${n}`,
  tag: `demo:approvals:${n}`,
});
const deliveriesTo = (browser: PushBrowser) => service.deliveries.filter((d) => d.endpoint === browser.subscription.endpoint);

describe("pushToPerson", () => {
  it("sends the payload to each of the person's devices, encrypted for each (aes128gcm) and signed with VAPID", async () => {
    const who = world.people[0]!;
    const phone = await subscribed(who);
    const laptop = await subscribed(who);
    const message = payload("a");

    const outcome = await pushToPerson(who.id, message);

    expect(outcome).toEqual({ sent: 2, removed: 0 });
    for (const browser of [phone, laptop]) {
      const [delivery] = deliveriesTo(browser);
      expect(delivery?.problem).toBeNull();
      expect(delivery?.payload).toEqual(message);
      expect(delivery?.vapid).toMatchObject({ aud: service.origin, k: vapidKeys().publicKey });
      expect(delivery?.vapid?.sub).toBe("mailto:relay@localhost"); // APP_URL is http://localhost:3000 here
      expect(delivery?.headers).toMatchObject({
        ttl: String(PUSH_TTL_SECONDS),
        urgency: "high",
        "content-encoding": "aes128gcm",
        "content-type": "application/octet-stream",
      });
      expect(delivery?.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    }
    const saved = await rows(who.id);
    expect(saved.every((row) => row.lastSuccessAt !== null)).toBe(true);
  });

  it("forgets a device the push service answers 404 or 410 for, and still sends to the others", async () => {
    const who = ben;
    const gone = await subscribed(who, 410);
    const unknown = await subscribed(who, 404);
    const alive = await subscribed(who, 201);

    const outcome = await pushToPerson(who.id, payload("b"));

    expect(outcome).toEqual({ sent: 1, removed: 2 });
    expect(deliveriesTo(gone)).toHaveLength(1);
    expect(deliveriesTo(unknown)).toHaveLength(1);
    expect(deliveriesTo(alive)[0]?.payload).toMatchObject({ tag: "demo:approvals:b" });
    expect((await rows(who.id)).map((row) => row.endpoint)).toEqual([alive.subscription.endpoint]);
  });

  it("throws after trying every device when one fails with 500 (the job retries), keeping that device", async () => {
    const who = await newPerson();
    const broken = await subscribed(who, 500);
    const fine = await subscribed(who, 201);

    const error = await pushToPerson(who.id, payload("c")).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(PushDeliveryFailed);
    expect((error as PushDeliveryFailed).outcome).toEqual({ sent: 1, removed: 0 });
    expect((error as Error).message).toMatch(/HTTP 500/);
    expect(deliveriesTo(fine)[0]?.payload).toMatchObject({ tag: "demo:approvals:c" });
    expect(deliveriesTo(broken)).toHaveLength(1);
    const saved = await rows(who.id);
    expect(saved.map((row) => [row.endpoint, row.lastSuccessAt !== null])).toEqual([
      [broken.subscription.endpoint, false],
      [fine.subscription.endpoint, true],
    ]);
  });

  it("retries a 429 and a closed connection; does not retry a 400 (the push service will never take it)", async () => {
    const who = await newPerson();
    const limited = await subscribed(who, 429);
    const refusing = await subscribed(who, 400);
    await expect(pushToPerson(who.id, payload("d"))).rejects.toThrow(/HTTP 429/);
    limited.status = 201;
    expect(await pushToPerson(who.id, payload("d"))).toEqual({ sent: 1, removed: 0 });
    expect(deliveriesTo(refusing)).toHaveLength(2);
    expect(await rows(who.id)).toHaveLength(2); // a 400 is not "gone"

    // Nothing listens on the endpoint's port: a network failure, worth retrying.
    const closed = await newPerson();
    const dead = service.browser();
    const port = await freePort();
    await subscribe(closed, { ...dead.subscription, endpoint: `http://127.0.0.1:${port}/push/x` });
    await expect(pushToPerson(closed.id, payload("e"))).rejects.toThrow(/ECONNREFUSED/);
  });

  it("cuts a payload too long for one push message, and a person without devices gets nothing", async () => {
    const who = await newPerson();
    const browser = await subscribed(who);
    const long = { title: "T".repeat(500), body: "😀".repeat(3000), url: "/chat", tag: "t" };
    expect(await pushToPerson(who.id, long)).toEqual({ sent: 1, removed: 0 });
    const got = deliveriesTo(browser)[0]?.payload as PushPayload;
    expect(got.title.length).toBeLessThanOrEqual(120);
    expect(got.body.startsWith("😀")).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(got))).toBeLessThanOrEqual(3800);

    const nobody = await newPerson();
    const before = service.deliveries.length;
    expect(await pushToPerson(nobody.id, payload("f"))).toEqual({ sent: 0, removed: 0 });
    expect(service.deliveries.length).toBe(before);
  });

  it("refuses, at send time, an endpoint the deployment no longer allows (http to loopback)", async () => {
    const who = await newPerson();
    const browser = await subscribed(who);
    await sql().unchecked("UPDATE deployment_settings SET allow_loopback_webhooks = false");
    try {
      // Not retried (it will not change by itself), not removed (the setting might), and nothing reaches it.
      expect(await pushToPerson(who.id, payload("g"))).toEqual({ sent: 0, removed: 0 });
      expect(deliveriesTo(browser)).toHaveLength(0);
      expect(await rows(who.id)).toHaveLength(1);
    } finally {
      await sql().unchecked("UPDATE deployment_settings SET allow_loopback_webhooks = true");
    }
  });
});

describe("POST /api/chat/push/subscriptions", () => {
  it("201 stores the browser for the signed-in person, labelled from its User-Agent", async () => {
    const who = await newPerson();
    const browser = service.browser();
    const res = await subscribe(who, browser.subscription);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), label: "Chrome on Linux", created_at: expect.any(String), last_success_at: null });
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(await rows(who.id)).toMatchObject([
      { endpoint: browser.subscription.endpoint, ...browser.subscription.keys, userAgent: "Chrome on Linux" },
    ]);
  });

  it("a browser subscribed again keeps one row; turned on by another person, it notifies that person", async () => {
    const first = await newPerson();
    const second = await newPerson();
    const browser = service.browser();
    await subscribe(first, browser.subscription);
    await subscribe(first, browser.subscription);
    expect(await rows(first.id)).toHaveLength(1);
    const res = await subscribe(second, browser.subscription);
    expect(res.status).toBe(201);
    expect(await rows(first.id)).toHaveLength(0);
    expect(await rows(second.id)).toHaveLength(1);
  });

  it("409 for another person's endpoint with other keys: knowing an endpoint does not silence its device", async () => {
    const owner = await newPerson();
    const intruder = await newPerson();
    const browser = await subscribed(owner);
    const theirs = service.browser().subscription.keys;
    const res = await subscribe(intruder, { ...browser.subscription, keys: theirs });
    expect(res).toMatchObject({ status: 409, body: { error: { code: "conflict" } } });
    expect(await rows(intruder.id)).toHaveLength(0);
    expect(await rows(owner.id)).toMatchObject([{ endpoint: browser.subscription.endpoint, ...browser.subscription.keys }]);
    // Only half the keys is not enough either.
    const half = await subscribe(intruder, { ...browser.subscription, keys: { ...browser.subscription.keys, auth: theirs.auth } });
    expect(half.status).toBe(409);
  });

  it(`keeps at most ${MAX_DEVICES_PER_PERSON} devices a person, forgetting first those that never took a push`, async () => {
    const who = await newPerson();
    const first = await subscribed(who);
    await pushToPerson(who.id, payload("h")); // the first has now taken a push
    for (let i = 1; i < MAX_DEVICES_PER_PERSON; i++) await subscribed(who);
    const second = (await rows(who.id))[1]!;
    const newest = await subscribed(who);
    const kept = (await rows(who.id)).map((row) => row.endpoint);
    expect(kept).toHaveLength(MAX_DEVICES_PER_PERSON);
    expect(kept).toContain(first.subscription.endpoint);
    expect(kept).toContain(newest.subscription.endpoint);
    expect(kept).not.toContain(second.endpoint);
  });

  const good = () => service.browser().subscription;
  const otherPoint = () => {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    return ecdh.getPublicKey();
  };
  const refusals: [string, () => unknown, RegExp][] = [
    ["no keys", () => ({ endpoint: good().endpoint }), /keys/],
    ["an unknown field", () => ({ ...good(), userId: ana.id }), /userId|Unrecognized/],
    ["an unknown key field", () => ({ ...good(), keys: { ...good().keys, extra: "x" } }), /extra|Unrecognized/],
    ["p256dh of 64 bytes", () => ({ ...good(), keys: { ...good().keys, p256dh: otherPoint().subarray(1).toString("base64url") } }), /p256dh/],
    ["p256dh not on the curve", () => {
      const point = otherPoint();
      point[64] = point[64]! ^ 1;
      return { ...good(), keys: { ...good().keys, p256dh: point.toString("base64url") } };
    }, /p256dh: is not a P-256 public key/],
    ["p256dh in base64 with padding", () => ({ ...good(), keys: { ...good().keys, p256dh: otherPoint().toString("base64") } }), /p256dh/],
    ["auth of 15 bytes", () => ({ ...good(), keys: { ...good().keys, auth: randomBytes(15).toString("base64url") } }), /auth/],
    ["auth of 17 bytes", () => ({ ...good(), keys: { ...good().keys, auth: randomBytes(17).toString("base64url") } }), /auth/],
    ["an endpoint that is not a URL", () => ({ ...good(), endpoint: "push service" }), /endpoint/],
    ["an endpoint of 2049 characters", () => ({ ...good(), endpoint: `https://push.example/${"a".repeat(2028)}` }), /endpoint/],
    ["http to a public host", () => ({ ...good(), endpoint: "http://push.example/abc" }), /endpoint: must use https/],
    ["ftp", () => ({ ...good(), endpoint: "ftp://push.example/abc" }), /endpoint: must use https/],
    ["credentials in the URL", () => ({ ...good(), endpoint: "https://user:pw@push.example/abc" }), /credentials/],
    ["a private address", () => ({ ...good(), endpoint: "https://10.1.2.3/push" }), /10\.1\.2\.3 is a private/],
    ["the metadata address", () => ({ ...good(), endpoint: "https://169.254.169.254/latest" }), /link-local/],
    ["a private address in hex", () => ({ ...good(), endpoint: "https://0xc0.0xa8.1.1/push" }), /192\.168\.1\.1 is a private/],
    ["an IPv4-mapped private address", () => ({ ...good(), endpoint: "https://[::ffff:10.0.0.1]/push" }), /private/],
    ["a unique-local IPv6 address", () => ({ ...good(), endpoint: "https://[fd00::1]/push" }), /private/],
    // Issue 31: ::/8 outside ::/96 and ::ffff:0:0/96 passed as public (only global unicast, 2000::/3, may).
    ["an IPv6 address outside global unicast", () => ({ ...good(), endpoint: "https://[::1:7f00:1]/push" }), /endpoint: ::1:7f00:1 is not a global unicast address/],
    ["NUL in the endpoint", () => ({ ...good(), endpoint: "https://push.example/a\u0000b" }), /NUL/],
  ];
  it.each(refusals)("422 invalid_body for %s, storing nothing", async (_name, body, message) => {
    const who = await newPerson();
    const res = await subscribe(who, body());
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: { code: "invalid_body", message: expect.stringMatching(message), request_id: res.headers.get("x-request-id") } });
    expect(await rows(who.id)).toHaveLength(0);
  });

  it("400 for a body that is not JSON; 401 signed out; 403 from another site's page", async () => {
    const who = await newPerson();
    expect(await subscribe(who, "{not json")).toMatchObject({ status: 400, body: { error: { code: "invalid_json" } } });
    as(null);
    expect(await call(POST, "POST", good())).toMatchObject({ status: 401, body: { error: { code: "unauthorized" } } });
    expect(await subscribe(who, good(), { "sec-fetch-site": "cross-site" })).toMatchObject({
      status: 403,
      body: { error: { code: "forbidden" } },
    });
    expect(await subscribe(who, good(), { origin: "https://evil.example", host: "relay.test" })).toMatchObject({ status: 403 });
    expect(await rows(who.id)).toHaveLength(0);
  });

  it("http to loopback only where the deployment allows it, and https to a loopback address likewise", async () => {
    const who = await newPerson();
    await sql().unchecked("UPDATE deployment_settings SET allow_loopback_webhooks = false");
    try {
      for (const endpoint of [`${service.origin}/push/x`, "http://localhost:9/push", "https://127.0.0.1/push", "https://[::1]/push", "https://app.localhost/push"]) {
        const res = await subscribe(who, { ...good(), endpoint });
        expect(res.status, endpoint).toBe(422);
        expect(res.body.error.message, endpoint).toMatch(/loopback/);
      }
    } finally {
      await sql().unchecked("UPDATE deployment_settings SET allow_loopback_webhooks = true");
    }
    expect(await rows(who.id)).toHaveLength(0);
    expect((await subscribe(who, good())).status).toBe(201);
  });
});

describe("DELETE /api/chat/push/subscriptions and GET", () => {
  it("a person removes their own device (204); another person's endpoint is 404 like an unknown one, and stays", async () => {
    const owner = await newPerson();
    const other = await newPerson();
    const browser = await subscribed(owner);
    const { endpoint } = browser.subscription;

    as(other);
    const foreign = await call(DELETE, "DELETE", { endpoint });
    const unknown = await call(DELETE, "DELETE", { endpoint: `${service.origin}/push/nobody` });
    expect(foreign).toMatchObject({ status: 404, body: { error: { code: "not_found", message: "Subscription not found" } } });
    expect(unknown.body.error.message).toBe(foreign.body.error.message);
    expect(await rows(owner.id)).toHaveLength(1);
    // Nor does another person see it.
    expect((await call(GET, "GET")).body).toEqual({ devices: [] });

    as(owner);
    expect((await call(GET, "GET")).body).toEqual({
      devices: [{ id: expect.any(String), endpoint, label: "Chrome on Linux", created_at: expect.any(String), last_success_at: null }],
    });
    expect(await call(DELETE, "DELETE", { endpoint }, { "sec-fetch-site": "cross-site" })).toMatchObject({ status: 403 });
    expect(await call(DELETE, "DELETE", { endpoint, more: 1 })).toMatchObject({ status: 422 });
    expect((await call(DELETE, "DELETE", { endpoint })).status).toBe(204);
    expect(await rows(owner.id)).toHaveLength(0);
  });

  it("GET /api/chat/push/key answers the VAPID public key, which is the public half of the key pushes are signed with", async () => {
    as(ana);
    const res = await call(getKey, "GET");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ public_key: vapidKeys().publicKey });
    expect(Buffer.from(res.body.public_key, "base64url")).toHaveLength(65);
    as(null);
    expect((await call(getKey, "GET")).status).toBe(401);
  });
});

let people = 0;
async function newPerson(): Promise<Who> {
  const handle = `push${++people}.${randomBytes(3).toString("hex")}`;
  const user = await createPerson({ name: "Pat", handle, email: `${handle}@push.test`, workspaceId: world.workspace.id, role: "member" });
  return { id: user.id, email: user.email, name: user.name, handle: user.handle, password: "", role: "member" };
}

