import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordServerSettings } from "@/lib/deployment/settings";
import { RefusedAddressError } from "@/lib/net/public-address";
import { authorizationQuery, startOAuthHttp, type AppHttp } from "@/test/oauth";
import { fetchMetadataDocument, METADATA_DOCUMENT_TIMEOUT_MS } from "./fetch-metadata-document";

// SSRF through OAuth Client ID Metadata Documents: a client_id that is an https URL makes Relay fetch it, on the
// word of anyone who sends an authorization request. Private, loopback, link-local, multicast and unspecified
// addresses are refused, by literal and by what a name resolves to, before the fetch and again at connect time;
// a listener on this machine counts the connections that reach it (none may).

let app: AppHttp;
let listener: net.Server;
let connections = 0;
let port = 0;

beforeAll(async () => {
  app = await startOAuthHttp();
  listener = net.createServer((socket) => {
    connections++;
    socket.on("error", () => {}); // never answers: a fetch that reaches it can only time out
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  port = (listener.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
  listener?.close();
});

const authorize = (clientId: string) =>
  fetch(`${app.origin}/oauth/authorize?${authorizationQuery(clientId)}`, { redirect: "manual" });

const allowLoopback = (allow: boolean) => recordServerSettings({ allow, recordedBy: "environment" });

const ALWAYS_REFUSED = [
  "https://169.254.169.254/latest/meta-data/client.json",
  "https://10.0.0.1/client.json",
  "https://192.168.1.1/client.json",
  "https://[fc00::1]/client.json",
  "https://[fe80::1]/client.json",
  "https://224.0.0.1/client.json",
  "https://0.0.0.0/client.json",
  "https://[::ffff:169.254.169.254]/client.json",
  "https://[::1:7f00:1]/client.json", // issue 31: ::/8 outside ::/96 and ::ffff:0:0/96 (only 2000::/3 is global)
];

describe("Client ID Metadata Documents are never fetched from a private address", () => {
  it("a loopback client_id (literal, or a name resolving to loopback) is refused with invalid_client and never connected to", async () => {
    await allowLoopback(false);
    for (const clientId of [
      `https://127.0.0.1:${port}/client.json`,
      `https://localhost:${port}/client.json`,
      `https://[::1]:${port}/client.json`,
      `https://[::ffff:127.0.0.1]:${port}/client.json`,
      ...ALWAYS_REFUSED,
    ]) {
      const res = await authorize(clientId);
      const body = await res.json();
      expect(res.status, `${clientId}: ${JSON.stringify(body)}`).toBe(400);
      expect(body).toMatchObject({
        error: "invalid_client",
        error_description: "client_id metadata document fetch not allowed",
      });
      expect(res.headers.get("location")).toBeNull();
    }
    expect(connections).toBe(0);
  });

  it("the fetch itself checks the address it connects to (a name that rebinds after the first check gains nothing)", async () => {
    await allowLoopback(false);
    await expect(fetchMetadataDocument(`https://localhost:${port}/client.json`)).rejects.toThrow(
      /localhost resolves to .*loopback/,
    );
    await expect(fetchMetadataDocument(`https://127.0.0.1:${port}/client.json`)).rejects.toBeInstanceOf(
      RefusedAddressError,
    );
    await expect(fetchMetadataDocument("https://169.254.169.254/client.json")).rejects.toBeInstanceOf(
      RefusedAddressError,
    );
    await expect(fetchMetadataDocument(`http://example.com:${port}/client.json`)).rejects.toBeInstanceOf(
      RefusedAddressError,
    );
    expect(connections).toBe(0);
  });

  it("where the deployment allows loopback webhooks (a local install), loopback is fetched, with a time limit; other private ranges still are not", async () => {
    await allowLoopback(true);
    const before = connections;
    const started = performance.now();
    const res = await authorize(`https://127.0.0.1:${port}/client.json`);
    expect(await res.json()).toMatchObject({
      error: "invalid_client",
      error_description: "client_id metadata document fetch failed",
    });
    // The listener counts what reaches it (so the refusals above are real). oidc-provider looks the client up twice
    // on this path (the request, then its error's redirect check), each fetch cut at the time limit.
    const reached = connections;
    expect(reached).toBeGreaterThan(before);
    expect(performance.now() - started).toBeLessThan(2 * METADATA_DOCUMENT_TIMEOUT_MS + 2000);
    for (const clientId of ALWAYS_REFUSED) {
      expect(await (await authorize(clientId)).json()).toMatchObject({
        error_description: "client_id metadata document fetch not allowed",
      });
    }
    await expect(fetchMetadataDocument("https://[fd00::1]/client.json")).rejects.toBeInstanceOf(RefusedAddressError);
    expect(connections).toBe(reached);
  });
});
