import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import ece from "http_ece";

// A push service for tests (RFC 8030), on 127.0.0.1 over plain http: it hands out "browsers" (a P-256 key pair and an
// auth secret made here, as a browser makes them, and an endpoint of this service) and, for each POST to an
// endpoint, checks what a real push service checks and what the browser needs: the VAPID Authorization header
// (RFC 8292: `vapid t=<JWT>, k=<key>`, the JWT's ES256 signature verified with k, `aud` this service's origin, `exp`
// in the future and at most 24 hours away, `sub` an https: or mailto: URL) and the aes128gcm body, decrypted with
// http_ece using the browser's private key and auth secret (RFC 8291). Each endpoint answers what the test says
// (201 by default, as push services do).

export interface PushBrowser {
  /** What the browser's PushSubscription.toJSON() gives: the body of POST /api/chat/push/subscriptions. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The status this endpoint answers (201 unless set). */
  status: number;
}

export interface PushDelivery {
  endpoint: string;
  headers: http.IncomingHttpHeaders;
  /** The VAPID JWT's claims and the key it names, once verified. */
  vapid: { aud: string; exp: number; sub: string; k: string } | null;
  /** The decrypted payload, parsed as JSON (null when it could not be decrypted). */
  payload: unknown;
  /** Why this request would be refused by a real push service (bad VAPID, undecryptable), or null. */
  problem: string | null;
  at: number;
}

export interface PushService {
  origin: string;
  deliveries: PushDelivery[];
  browser(status?: number): PushBrowser;
  waitFor(count: number, timeoutMs?: number): Promise<PushDelivery[]>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const browsers = new Map<string, { browser: PushBrowser; ecdh: ECDH; auth: Buffer }>();
  const deliveries: PushDelivery[] = [];
  const sockets = new Set<Socket>();
  let origin = "";

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const endpoint = `${origin}${req.url}`;
      const known = browsers.get(endpoint);
      const delivery: PushDelivery = { endpoint, headers: req.headers, vapid: null, payload: null, problem: null, at: Date.now() };
      deliveries.push(delivery);
      if (req.method !== "POST" || !known) {
        res.statusCode = 404;
        return res.end();
      }
      try {
        delivery.vapid = checkVapid(req.headers.authorization ?? "", origin);
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error(`Content-Encoding ${req.headers["content-encoding"]}`);
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: "aes128gcm",
          privateKey: known.ecdh,
          authSecret: known.auth.toString("base64url"),
        });
        delivery.payload = JSON.parse(plain.toString("utf8"));
      } catch (error) {
        delivery.problem = (error as Error).message;
        res.statusCode = 400;
        return res.end(delivery.problem);
      }
      res.statusCode = known.browser.status;
      res.end();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    deliveries,
    browser(status = 201) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString("base64url")}`;
      const browser: PushBrowser = {
        subscription: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
        },
        status,
      };
      browsers.set(endpoint, { browser, ecdh, auth });
      return browser;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (deliveries.length < count) {
        if (Date.now() > deadline) throw new Error(`push service got ${deliveries.length} of ${count} messages`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return deliveries;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** RFC 8292 §2–3: `vapid t=<JWT>, k=<uncompressed P-256 key, base64url>`; throws saying what is wrong. */
export function checkVapid(authorization: string, audience: string, now = Date.now()) {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) throw new Error(`Authorization is not "vapid t=..., k=...": ${authorization}`);
  const [, token, k] = match as unknown as [string, string, string];
  const [head, body, signature] = token.split(".") as [string, string, string];
  const header = JSON.parse(Buffer.from(head, "base64url").toString("utf8")) as { alg?: string; typ?: string };
  if (header.alg !== "ES256") throw new Error(`JWT alg ${header.alg}`);
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("the JWT's ES256 signature does not verify with k");
  const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== audience) throw new Error(`aud ${claims.aud}, expected ${audience}`);
  const seconds = Math.floor(now / 1000);
  if (typeof claims.exp !== "number" || claims.exp <= seconds) throw new Error(`exp ${claims.exp} is not in the future`);
  if (claims.exp > seconds + 24 * 60 * 60) throw new Error(`exp ${claims.exp} is more than 24 hours away`);
  if (typeof claims.sub !== "string" || !/^(https|mailto):/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, k };
}
