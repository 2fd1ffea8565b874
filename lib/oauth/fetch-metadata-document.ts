import https from "node:https";
import { loopbackWebhooksAllowed } from "@/lib/deployment/settings";
import { checkName } from "@/lib/net/check-name";
import { addressLiteral, checkedLookup, literalRefusal, RefusedAddressError } from "@/lib/net/public-address";

// OAuth Client ID Metadata Documents: a client_id that is an https URL is fetched by the authorization server, on the
// word of whoever sends an authorization request (SSRF). oidc-provider 9.13.3 fetches through its `fetch` option
// (timeout 2.5 s, redirects not followed, 5 KiB body limit); Relay gives it this one, which connects only to global
// unicast addresses by the rule webhooks follow (lib/net/public-address.ts): the address is judged by the lookup
// the connection itself uses, so a name that rebinds to a private address between checks gains nothing. Loopback is
// allowed only where the deployment allows loopback webhooks (ALLOW_LOOPBACK_WEBHOOKS: a local install).

export const METADATA_DOCUMENT_TIMEOUT_MS = 2500;
/** oidc-provider's own limit for a metadata document; reading stops past it. */
export const METADATA_DOCUMENT_MAX_BYTES = 5 * 1024;

/**
 * Before any fetch (oidc-provider's `allowFetch`): a client_id whose host is, or resolves to, a refused address is
 * refused at once with `invalid_client` ("fetch not allowed"). The fetch checks again at connect time.
 */
export async function metadataDocumentFetchAllowed(clientId: string): Promise<boolean> {
  const url = URL.parse(clientId);
  if (!url || url.protocol !== "https:") return false;
  const allowLoopback = await loopbackWebhooksAllowed();
  if (addressLiteral(url)) return literalRefusal(url, allowLoopback) === null;
  // A name that does not resolve (in time) is no refusal here: the fetch fails on its own.
  return (
    (await checkName(url.hostname, { allowLoopback, timeoutMs: METADATA_DOCUMENT_TIMEOUT_MS })).outcome !== "refused"
  );
}

/** oidc-provider's `fetch`: a GET over https to a checked address, no redirect followed, the body capped. */
export async function fetchMetadataDocument(target: string | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(target);
  if (url.protocol !== "https:")
    throw new RefusedAddressError("client_id metadata documents are fetched over https only");
  const allowLoopback = await loopbackWebhooksAllowed();
  const refused = literalRefusal(url, allowLoopback);
  if (refused) throw new RefusedAddressError(refused);

  const signal = AbortSignal.any([
    AbortSignal.timeout(METADATA_DOCUMENT_TIMEOUT_MS),
    ...(init.signal ? [init.signal] : []),
  ]);
  return new Promise<Response>((resolve, reject) => {
    const request = https.get(url, {
      headers: { accept: "application/json", "user-agent": "Relay" },
      lookup: checkedLookup(allowLoopback),
      agent: false,
      signal,
    });
    request.on("error", reject);
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const headers = new Headers();
      for (const name of ["cache-control", "expires", "content-type"]) {
        const value = response.headers[name];
        if (typeof value === "string") headers.set(name, value);
      }
      if (status !== 200) {
        response.destroy();
        resolve(new Response(null, { status: status >= 200 && status <= 599 ? status : 502, headers }));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > METADATA_DOCUMENT_MAX_BYTES) {
          response.destroy();
          reject(new Error("client_id metadata document too large"));
          return;
        }
        chunks.push(chunk);
      });
      response.on("end", () => resolve(new Response(Buffer.concat(chunks), { status, headers })));
      response.on("error", reject);
    });
  });
}
