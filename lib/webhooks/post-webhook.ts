import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { LookupFunction } from "node:net";
import { loopbackWebhooksAllowed } from "./validate-webhook-url";

// One HTTP attempt of a webhook delivery (DESIGN.md Webhooks): POST, 15 s for the whole exchange, redirects not
// followed, the first 4 KiB of the answer kept. SSRF: the address a name resolves to is checked, not the name, and
// the connection goes to that checked address (no second lookup a DNS rebinding could change).

export const DELIVERY_TIMEOUT_MS = 15_000;
export const RESPONSE_BODY_LIMIT = 4096;
const DRAIN_LIMIT = 64 * 1024; // read at most this much of an answer, so the connection can be reused

export interface PostResult {
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
}

const forbidden = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.0.0.0", 24],
  ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) forbidden.addSubnet(prefix, bits, "ipv4");
for (const [prefix, bits] of [["::", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96]] as const) {
  forbidden.addSubnet(prefix, bits, "ipv6");
}
const loopback = new net.BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** Why an address may not receive webhooks, or null when it may. */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  const family = net.isIP(address);
  if (!family) return "not an IP address";
  let ip = address;
  let type: "ipv4" | "ipv6" = family === 4 ? "ipv4" : "ipv6";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) [ip, type] = [mapped[1]!, "ipv4"];
  if (loopback.check(ip, type)) return allowLoopback ? null : "a loopback address";
  if (forbidden.check(ip, type)) return ip.startsWith("169.254.") ? "a link-local (metadata) address" : "a private or reserved address";
  return null;
}

function checkedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      for (const { address } of addresses) {
        const reason = refusedAddress(address, allowLoopback);
        if (reason) return callback(new RefusedError(`${hostname} resolves to ${address}, ${reason}`), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

class RefusedError extends Error {}

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 256 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

export async function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<PostResult> {
  const started = performance.now();
  const done = (result: Omit<PostResult, "durationMs">): PostResult => ({ ...result, durationMs: Math.round(performance.now() - started) });
  const allowLoopback = loopbackWebhooksAllowed();
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return done({ status: null, body: null, error: "refused: not a valid URL" });
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const isLoopbackName = host === "localhost" || (net.isIP(host) > 0 && refusedAddress(host, false) === "a loopback address");
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackName && allowLoopback)) {
    return done({ status: null, body: null, error: "refused: webhook URLs must use https (http only to loopback with ALLOW_LOOPBACK_WEBHOOKS=true)" });
  }
  if (net.isIP(host)) {
    const reason = refusedAddress(host, allowLoopback);
    if (reason) return done({ status: null, body: null, error: `refused: ${host} is ${reason}` });
  }

  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<PostResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(result));
    };
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request(url, {
      method: "POST",
      headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
      agent: url.protocol === "https:" ? agents.https : agents.http,
      lookup: checkedLookup(allowLoopback),
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ status: null, body: null, error: `timed out after ${timeoutMs / 1000} s` });
    }, timeoutMs);
    request.on("error", (error) => {
      const message = error instanceof RefusedError ? `refused: ${error.message}` : `${(error as NodeJS.ErrnoException).code ?? "error"}: ${error.message}`;
      finish({ status: null, body: null, error: message });
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk);
        size += chunk.length;
        if (size > DRAIN_LIMIT) response.destroy(); // enough: the rest is not kept anyway
      });
      const complete = () => {
        const status = response.statusCode ?? null;
        // PostgreSQL text cannot hold NUL characters.
        const text = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString("utf8").replaceAll("\u0000", "");
        const location = response.headers.location;
        const error =
          status !== null && status >= 300 && status < 400
            ? `redirect not followed${location ? ` (to ${location})` : ""}`
            : status !== null && (status < 200 || status >= 300)
              ? `HTTP ${status}`
              : null;
        finish({ status, body: text, error });
      };
      response.on("end", complete);
      response.on("close", complete);
      response.on("error", () => complete());
    });
    request.end(body);
  });
}
