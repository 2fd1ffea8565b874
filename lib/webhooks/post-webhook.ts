import http from "node:http";
import https from "node:https";
import net from "node:net";
import { checkedLookup, isLoopbackAddress, literalRefusal, RefusedAddressError } from "@/lib/net/public-address";

// One HTTP attempt of a webhook delivery (docs/api-contract.md#delivery-and-retries): POST, 15 s for the whole
// exchange, redirects not followed, the first 4 KiB of the answer kept. SSRF: the address a name resolves to is
// checked, not the name, and the connection goes to that checked address (no second lookup for DNS rebinding to
// change): lib/net/public-address.ts.

export const DELIVERY_TIMEOUT_MS = 15_000;
export const RESPONSE_BODY_LIMIT = 4096;
const DRAIN_LIMIT = 64 * 1024; // read at most this much of an answer, so the connection can be reused

export interface PostResult {
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
  /**
   * Set when the rule refused the URL (its scheme, or the address it names or resolves to) and nothing was sent:
   * trying again later changes nothing unless the URL or its DNS does, so callers do not retry on a schedule.
   */
  refused?: true;
}

/** How a refused attempt's error begins: `refused: <why>`. */
export const REFUSED = "refused: ";

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 256 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

export interface PostWebhookOptions {
  headers: Record<string, string>;
  /** The raw body; bytes for a Web Push message (lib/notifications/push/push-to-person.ts), which is encrypted. */
  body: string | Uint8Array;
  /** Whether a loopback address may be the target (local development and tests). */
  allowLoopback: boolean;
  /** How long to wait for the answer (default DELIVERY_TIMEOUT_MS). */
  timeoutMs?: number;
}

export async function postWebhook(
  target: string,
  { headers, body, allowLoopback, timeoutMs = DELIVERY_TIMEOUT_MS }: PostWebhookOptions,
): Promise<PostResult> {
  const started = performance.now();
  const done = (result: Omit<PostResult, "durationMs">): PostResult => ({
    ...result,
    durationMs: Math.round(performance.now() - started),
  });
  const refuse = (why: string) => done({ status: null, body: null, error: `${REFUSED}${why}`, refused: true });
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return refuse("not a valid URL");
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const isLoopbackName = host === "localhost" || (net.isIP(host) > 0 && isLoopbackAddress(host));
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackName && allowLoopback)) {
    return refuse("webhook URLs must use https (http only to loopback, where the deployment allows it)");
  }
  const refused = literalRefusal(url, allowLoopback);
  if (refused) return refuse(refused);

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
      if (error instanceof RefusedAddressError) {
        finish({ status: null, body: null, error: `${REFUSED}${error.message}`, refused: true });
        return;
      }
      finish({
        status: null,
        body: null,
        error: `${(error as NodeJS.ErrnoException).code ?? "error"}: ${error.message}`,
      });
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
