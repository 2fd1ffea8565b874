import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/app/api/public/v1/openapi-document";
import { SendMessageRequest, PatchMessageRequest } from "@/lib/schemas/messages";
import { CreateDraftRequest } from "@/lib/schemas/drafts";
import { LegacyMemoryRequest, ProposeFactRequest } from "@/lib/schemas/memory";
import { CreateAgentRequestRequest, RespondAgentRequestRequest } from "@/lib/schemas/agent-requests";
import { classifyString, SPOOFED_NAMES } from "./hostile";
import { hasHiddenCharacters, visibleText } from "@/lib/text/hidden-characters";
import { nameWarnings } from "@/lib/text/name-warnings";
import { mismatches, operationsOf, validValue, type OpenApiDocument } from "./openapi";
import { encodeRequest, isEventStream, parseResponse, type RawResponse } from "./raw-http";
import { checkRedirect, hostileTarget } from "./redirects";
import { MAX_BODY_BYTES } from "@/lib/limits";
import { percentEncode } from "./parts";
import { sizedBody } from "./request-body";
import { requestsFor, type FuzzCase, type FuzzWorld } from "./requests";
import { allowedWrites, check, SPOOFED_HOST, spoofedHostUrls } from "./checks";
import { checkOAuth } from "./oauth";
import { oauthRequests, type OAuthCase, type OAuthWorld } from "./oauth-requests";

// The fuzz's own parts: the generator follows the document (its valid values pass the server's own schemas), the
// raw client writes and reads HTTP/1.1 exactly, and the checks allow exactly the documented side effects.

const doc = buildOpenApiDocument() as unknown as OpenApiDocument;
const operations = operationsOf(doc);
const operation = (id: string) => operations.find((op) => op.id === id)!;

describe("the generator", () => {
  it.each([
    ["sendMessage", SendMessageRequest],
    ["updateMessage", PatchMessageRequest],
    ["createDraft", CreateDraftRequest],
    ["proposeFact", ProposeFactRequest],
    ["writeConversationMemory", LegacyMemoryRequest],
    ["createAgentRequest", CreateAgentRequestRequest],
    ["respondToAgentRequest", RespondAgentRequestRequest],
  ] as const)(
    "makes valid %s bodies that the server's schema accepts, but for rules JSON Schema cannot state",
    (id, schema) => {
      const body = operation(id).body!;
      fc.assert(
        fc.property(validValue(doc, body.schema), (value) => {
          const parsed = schema.safeParse(value);
          // `custom` issues are the schema's refinements (e.g. option values unique within a select): not in the document.
          const stated = parsed.success ? [] : parsed.error.issues.filter((issue) => issue.code !== "custom");
          if (stated.length) throw new Error(`${JSON.stringify(value)}: ${JSON.stringify(stated)}`);
        }),
        { numRuns: 200, seed: 1 },
      );
    },
  );

  it("lists every operation of the document with its documented statuses", () => {
    expect(operations.map((op) => `${op.method} ${op.path}`)).toContain("POST /conversations/{id}/messages");
    expect(operations).toHaveLength(
      Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0),
    );
    expect([...operation("sendMessage").responses.keys()]).toEqual(
      expect.arrayContaining([201, 202, 400, 401, 403, 404, 409, 413, 422, 429]),
    );
  });

  it("builds bodies of exactly 256 KiB - 1, 256 KiB and 256 KiB + 1 bytes, each still JSON", () => {
    for (const how of ["trailing-space", "long-field", "padding-field"] as const) {
      for (const size of [MAX_BODY_BYTES - 1, MAX_BODY_BYTES, MAX_BODY_BYTES + 1]) {
        const bytes = sizedBody({ body: "hi" }, size, how);
        expect(bytes.length).toBe(size);
        expect(() => JSON.parse(bytes.toString("utf8"))).not.toThrow();
      }
    }
  });

  it("percent-encodes a lone surrogate as invalid UTF-8, which no decoder accepts", () => {
    expect(percentEncode("a b/é")).toBe("a%20b%2F%C3%A9");
    expect(percentEncode("\ud800")).toBe("%ED%A0%80");
    expect(() => decodeURIComponent(percentEncode("\ud800"))).toThrow();
    expect(classifyString("a\u0000")).toBe("nul");
    expect(classifyString("x\udc00")).toBe("lone-surrogate");
    expect(classifyString("\ud83d\ude42")).toBe("unicode");
  });

  it("makes requests with hostile parts and labels them; a request without any is labelled valid", () => {
    const world: FuzzWorld = {
      keys: { helper: "amk_helper", scheduler: "amk_scheduler" },
      preferredKey: () => "scheduler",
      ids: { conversations: ["5f0c4d7e-8f7b-4c7e-9d55-2a1d1e7c2b10"] },
      hints: {},
    };
    const cases: FuzzCase[] = fc.sample(requestsFor(doc, operation("sendMessage"), world), { numRuns: 300, seed: 7 });
    const labels = new Set(cases.flatMap((c) => c.labels.map((label) => label.split(/[:<]/)[0])));
    for (const part of ["valid", "id", "auth", "idem", "body", "content-type", "headers"])
      expect(labels).toContain(part);
    for (const c of cases.filter((c) => c.labels[0] === "valid")) {
      expect(c.target).toBe("/conversations/5f0c4d7e-8f7b-4c7e-9d55-2a1d1e7c2b10/messages");
      expect(["scheduler", "helper"]).toContain(c.key);
      expect(() => SendMessageRequest.parse(JSON.parse(c.body!.toString("utf8")))).not.toThrow();
    }
  });
});

describe("the checks", () => {
  it("match the Error schema and refuse what is not it", () => {
    const error = { $ref: "#/components/schemas/Error" };
    expect(mismatches(doc, error, { error: { code: "not_found", message: "m", request_id: "r" } })).toEqual([]);
    expect(mismatches(doc, error, { error: { code: "not_found", message: "m" } })).toEqual([
      "$.error.request_id: missing",
    ]);
    expect(mismatches(doc, error, { error: "boom" })).toHaveLength(1);
  });

  it("allow exactly the documented side effects of a refusal", () => {
    const keyed = { headers: [["Idempotency-Key", "k"]] } as unknown as FuzzCase;
    const bare = { headers: [] } as unknown as FuzzCase;
    expect(allowedWrites(keyed, 422, "invalid_body")).toEqual([]);
    expect(allowedWrites(keyed, 400, "invalid_json")).toEqual([]);
    expect(allowedWrites(keyed, 409, "idempotency_key_reused")).toEqual([]);
    expect(allowedWrites(keyed, 403, "policy_blocked")).toEqual([
      "public.idempotency_keys",
      "public.policy_decisions",
      "public.audit_log",
    ]);
    expect(allowedWrites(bare, 403, "policy_blocked")).toEqual(["public.policy_decisions", "public.audit_log"]);
    expect(allowedWrites(keyed, 404, "not_found")).toEqual(["public.idempotency_keys"]);
    expect(allowedWrites(bare, 401, "unauthorized")).toEqual([
      "public.rate_limits",
      "public.security_events",
      "public.audit_log",
    ]);
    expect(allowedWrites(bare, 404, "not_found")).toEqual([]);
  });

  it("accept Next's redirect of an unclean path only to its clean form, and only if nothing changed", () => {
    const op = operation("updateMessage");
    const id = "af1f5202-ecdf-41d0-a855-625728c24fc8";
    const redirect = (target: string, location: string, changed: string[] = []) =>
      check(doc, op, { target, headers: [] } as unknown as FuzzCase, {
        response: { status: 308, headers: { location }, body: Buffer.from(location), ms: 1 },
        transportError: null,
        changed,
      }).map((problem) => problem.kind);
    expect(redirect(`/messages/${id}/`, `/api/public/v1/messages/${id}`)).toEqual([]);
    expect(redirect("/messages/.", "/api/public/v1/messages")).toEqual([]);
    expect(redirect("/messages/%2e%2e", "/api/public/v1")).toEqual([]);
    expect(redirect(`/messages//${id}?a=1`, `/api/public/v1/messages/${id}?a=1`)).toEqual([]);
    expect(redirect(`/messages/${id}/`, "https://evil.example/")).toEqual(["unclean path not redirected"]);
    expect(redirect(`/messages/${id}/`, `/api/public/v1/messages/${id}`, ["public.messages"])).toEqual([
      "redirect changed the database",
    ]);
    // A clean path's 308 is no redirect Next makes: undocumented, and without X-Request-Id.
    expect(redirect(`/messages/${id}`, "/elsewhere")).toEqual(["undocumented status", "no X-Request-Id"]);
  });

  it("accept a 405 of the route a dot segment inside the path resolves to, and only then", () => {
    const op = operation("checkMessage");
    const refusal = JSON.stringify({ error: { code: "method_not_allowed", message: "Use PATCH on this route", request_id: "r" } });
    const answer = (target: string) =>
      check(doc, op, { target, headers: [] } as unknown as FuzzCase, {
        response: {
          status: 405,
          headers: { "content-type": "application/json", "x-request-id": "r", allow: "PATCH" },
          body: Buffer.from(refusal),
          ms: 1,
        },
        transportError: null,
        changed: [],
      }).map((problem) => problem.kind);
    // /conversations/../messages/check is /messages/check: the message route, with the id "check", PATCH only.
    expect(answer("/conversations/%2e%2e/messages/check")).toEqual([]);
    expect(answer("/conversations/../messages/check")).toEqual([]);
    expect(answer("/conversations/5f0c4d7e-8f7b-4c7e-9d55-2a1d1e7c2b10/messages/check")).toEqual(["undocumented status"]);
  });
});

describe("the spoofed host (issue 31: every URL the app gives out is APP_URL's)", () => {
  const world: OAuthWorld = {
    origin: "http://localhost:3000",
    clientId: "c",
    redirectUri: "http://127.0.0.1:1/cb",
    resource: "",
  };
  const answer = (body: string, headers: Record<string, string> = {}) => ({
    status: 200,
    headers,
    body: Buffer.from(body),
    ms: 1,
  });

  it("is found in a body and in the headers that carry links, not in one that names the caller back", () => {
    const metadata = JSON.stringify({
      issuer: "http://localhost:3000",
      authorization_endpoint: `http://${SPOOFED_HOST}/oauth/authorize`,
      token_endpoint: `https://user@${SPOOFED_HOST.toUpperCase()}:8443/oauth/token`,
    });
    expect(spoofedHostUrls(answer(metadata), metadata)).toEqual([
      `http://${SPOOFED_HOST}/oauth/authorize`,
      `https://user@${SPOOFED_HOST.toUpperCase()}:8443/oauth/token`,
    ]);
    const headers = {
      location: `http://${SPOOFED_HOST}/oauth/consent/x`,
      "www-authenticate": `Bearer resource_metadata="https://${SPOOFED_HOST}/.well-known/oauth-protected-resource"`,
      "access-control-allow-origin": `https://${SPOOFED_HOST}`,
    };
    expect(spoofedHostUrls(answer("", headers), "")).toEqual([
      `http://${SPOOFED_HOST}/oauth/consent/x`,
      `https://${SPOOFED_HOST}/.well-known/oauth-protected-resource`,
    ]);
    // Another host that merely starts or ends like it is not it; a bare mention is no URL.
    const others = `http://${SPOOFED_HOST}.relay.test/x https://not${SPOOFED_HOST}/ ${SPOOFED_HOST}`;
    expect(spoofedHostUrls(answer(others), others)).toEqual([]);
  });

  it("makes an OAuth metadata answer fail when an endpoint is on it, or anywhere but the issuer's origin", () => {
    const c = {
      target: "metadata",
      method: "GET",
      path: "/.well-known/oauth-authorization-server",
      headers: [],
      body: null,
      shared: false,
      labels: [],
    } as OAuthCase;
    const judge = (document: Record<string, string>) =>
      checkOAuth(
        c,
        {
          response: { ...answer(JSON.stringify(document)), headers: { "content-type": "application/json" } },
          transportError: null,
          changed: [],
        },
        world,
      ).map((problem) => problem.kind);
    expect(judge({ issuer: world.origin, authorization_endpoint: `${world.origin}/oauth/authorize` })).toEqual([]);
    expect(judge({ issuer: world.origin, authorization_endpoint: `http://${SPOOFED_HOST}/oauth/authorize` })).toEqual([
      "URL on the spoofed host",
      "metadata URL off the issuer's origin",
    ]);
    expect(judge({ issuer: world.origin, authorization_endpoint: "http://127.0.0.1:3000/oauth/authorize" })).toEqual([
      "metadata URL off the issuer's origin",
    ]);
  });

  it("is named in Host and the forwarding headers of some OAuth requests of every target", () => {
    for (const target of ["register", "token", "revoke", "authorize", "metadata"] as const) {
      const cases = fc.sample(oauthRequests(target, world), { numRuns: 100, seed: 31 });
      const spoofed = cases.filter((c) => c.labels.some((label) => label.startsWith("spoofed:")));
      expect(spoofed.length, target).toBeGreaterThan(10);
      for (const c of spoofed)
        expect(
          c.headers.some(([name, value]) => /^(host|x-forwarded-host)$/i.test(name) && value === SPOOFED_HOST),
        ).toBe(true);
    }
  });
});

describe("the spoofed names (issue 31)", () => {
  const known = ["Billing", "Helper", "Claude"].map((name) => ({ name, label: "the bot" }));
  it.each(SPOOFED_NAMES.map((name) => [visibleText(name), name]))(
    "%s is flagged by the name rule, and shown with nothing hidden",
    (_shown, name) => {
      const kinds = nameWarnings({ name }, known).map((w) => w.kind);
      // Each is told: what it hides, or whom it copies (an override reorders a name, and copies no one).
      expect(kinds).toContain(hasHiddenCharacters(name) ? "hidden_characters" : "looks_like");
      if (!name.includes("\u202e")) expect(kinds).toContain("looks_like");
      expect(visibleText(name)).not.toMatch(/[\u200b\u200d\u2060\ufeff\u202a-\u202e]/);
    },
  );

  it("a registration whose name comes back other than sent is a problem: names are never cleaned", () => {
    const world = { origin: "http://127.0.0.1:1", clientId: "c", redirectUri: "http://127.0.0.1:1/cb", resource: "r" };
    const registration = (sent: string, answered: string) =>
      checkOAuth(
        {
          target: "register",
          method: "POST",
          path: "/oauth/register",
          headers: [],
          body: Buffer.from(JSON.stringify({ client_name: sent })),
          shared: false,
          labels: [],
        } satisfies OAuthCase,
        {
          response: {
            status: 201,
            headers: { "content-type": "application/json" },
            body: Buffer.from(JSON.stringify({ client_id: "x", client_name: answered })),
            ms: 1,
          },
          transportError: null,
          changed: ["public.oauth_provider_records"],
        },
        world,
      ).map((problem) => problem.kind);
    expect(registration("Bil\u200bling", "Bil\u200bling")).toEqual([]);
    expect(registration("Bil\u200bling", "Billing")).toEqual(["client name changed"]);
  });
});

describe("the raw client", () => {
  it("sends the case's own Host instead of the connection's when it names one", () => {
    const spoofed = encodeRequest({ method: "GET", target: "/x", headers: [["Host", SPOOFED_HOST]] }, "127.0.0.1:1");
    expect(spoofed.toString("latin1")).toBe(`GET /x HTTP/1.1\r\nHost: ${SPOOFED_HOST}\r\nConnection: close\r\n\r\n`);
  });

  it("writes bytes as given, with a Content-Length or in chunks", () => {
    const body = Buffer.from([0x7b, 0xff, 0x7d]);
    const plain = encodeRequest(
      {
        method: "POST",
        target: "/x",
        headers: [
          ["A", "1"],
          ["A", "2"],
        ],
        body,
      },
      "h",
    );
    expect(plain.toString("latin1")).toBe(
      "POST /x HTTP/1.1\r\nHost: h\r\nA: 1\r\nA: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{\u00ff}",
    );
    const chunked = encodeRequest({ method: "POST", target: "/x", headers: [], body, chunked: true }, "h");
    expect(chunked.toString("latin1")).toContain(
      "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n3\r\n{\u00ff}\r\n0\r\n\r\n",
    );
  });

  it("reads a chunked answer after a 100 Continue", () => {
    const raw = Buffer.from(
      "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\nX-Request-Id: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n",
    );
    const response = parseResponse(raw);
    expect(response.status).toBe(404);
    expect(response.headers["x-request-id"]).toBe("a");
    expect(response.body.toString()).toBe("abcde");
  });

  it("knows an event stream's start after a 100 Continue (the stream never ends: its start is the answer)", () => {
    const head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n";
    const event = "f\r\nevent: ready\n\n\r\n";
    expect(isEventStream(Buffer.from(`HTTP/1.1 100 Continue\r\n\r\n${head}${event}`))).toBe(true);
    expect(isEventStream(Buffer.from(`${head}${event}`))).toBe(true);
    expect(isEventStream(Buffer.from(head))).toBe(false); // no event yet
    expect(isEventStream(Buffer.from("HTTP/1.1 100 Continue\r\n\r\n"))).toBe(false);
  });
});

describe("the redirect fuzz's check", () => {
  const origin = "http://localhost:3107";
  const answer = (status: number, headers: Record<string, string>, body = ""): RawResponse => ({
    status,
    headers,
    body: Buffer.from(body),
    ms: 1,
  });
  const kinds = (response: RawResponse) => checkRedirect(response, null, origin).map((p) => p.kind);

  it("catches what issue 31 found: a tab a browser drops, and targets on other hosts", () => {
    expect(kinds(answer(307, { location: "/\t/evil.example" }))).toEqual(["unsafe bytes in a redirect"]);
    expect(kinds(answer(307, { location: "//evil.example" }))).toEqual(["redirect leaves the site"]);
    expect(kinds(answer(307, { location: "/\\evil.example" }))).toEqual(["redirect leaves the site"]);
    expect(kinds(answer(303, { location: "https://evil.example/x" }))).toEqual(["redirect leaves the site"]);
    expect(kinds(answer(500, {}))).toEqual(["5xx"]);
    expect(
      kinds(answer(200, { "content-type": "application/json" }, JSON.stringify({ url: "http://evil.example/" }))),
    ).toEqual(["redirect leaves the site"]);
    expect(kinds(answer(200, { "content-type": "text/html" }, '<meta http-equiv="refresh" content="0;url=//evil.example">'))).toEqual([
      "redirect leaves the site",
    ]);
    expect(kinds(answer(307, { location: "/sign-in?callbackUrl=%2F%09%2Fevil.example" }))).toEqual([
      "sign-in link to another site",
    ]);
    expect(kinds(answer(302, { location: "/sign-in?callbackUrl=http%3A%2F%2Fevil.example%2F" }))).toEqual([
      "sign-in link to another site",
    ]);
  });

  it("passes redirects on this site", () => {
    expect(kinds(answer(307, { location: "/chat" }))).toEqual([]);
    expect(kinds(answer(303, { location: `${origin}/oauth/consent/x?problem=expired` }))).toEqual([]);
    expect(kinds(answer(307, { location: "/sign-in?callbackUrl=%2Foauth%2Fconsent%2Fabc" }))).toEqual([]);
    expect(kinds(answer(302, { location: `/sign-in?callbackUrl=${encodeURIComponent(`${origin}/`)}` }))).toEqual([]);
    expect(kinds(answer(404, {}))).toEqual([]);
  });

  it("builds hostile targets from the pieces that fool redirect checks", () => {
    const targets = fc.sample(hostileTarget, { numRuns: 300, seed: 7 });
    expect(targets.some((t) => t.includes("\t"))).toBe(true);
    expect(targets.some((t) => t.startsWith("//"))).toBe(true);
    expect(targets.some((t) => /%2f/i.test(t))).toBe(true);
  });
});
