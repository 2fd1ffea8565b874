import fc from "fast-check";
import { SPOOFED_HOST } from "./checks";
import { classify, hostileNumber, hostileString, hostileValue, SPOOFED_NAMES } from "./hostile";
import { CROSS, percentEncode } from "./parts";
import type { RawRequest } from "./raw-http";

// The fuzz of MCP's OAuth authorization server (issue 21): its endpoints are not in the bot API's OpenAPI document,
// and their answers are OAuth's, not the API's. Per target, hostile requests built here: JSON registrations with
// fields of the wrong type, hostile and huge strings, unknown fields, malformed or non-object JSON, invalid UTF-8, any
// Content-Type; token and revocation forms with hostile, repeated and missing parameters, malformed encoding, JSON
// where a form is due; authorization requests with the same in the query (and client_ids that are private-address
// Client ID Metadata Document URLs); the /.well-known metadata with hostile queries and headers. Any of them may
// name another site in Host, X-Forwarded-Host and X-Forwarded-Proto.
// The answers' checks and the run are in oauth.ts.

export const OAUTH_TARGETS = ["register", "token", "revoke", "authorize", "metadata"] as const;
export type OAuthTarget = (typeof OAUTH_TARGETS)[number];

export interface OAuthWorld {
  origin: string;
  clientId: string;
  redirectUri: string;
  resource: string;
}

export interface OAuthCase {
  target: OAuthTarget;
  method: "GET" | "POST";
  path: string;
  headers: [string, string | Buffer][];
  body: Buffer | null;
  /** From the one shared address (its limits run out) rather than one of its own. */
  shared: boolean;
  labels: string[];
}

const SHARED_ADDRESS = "203.0.113.99";

/** A value for a string field: mostly right, else hostile (wrong type, NUL, surrogates, huge, empty). */
function field(valid: fc.Arbitrary<unknown>): fc.Arbitrary<{ value: unknown; label: string | null; valid: unknown }> {
  return fc
    .tuple(valid, fc.option(hostileValue, { freq: 2, nil: undefined }))
    .map(([right, hostile]) =>
      hostile === undefined
        ? { value: right, label: null, valid: right }
        : { value: hostile, label: classify(hostile), valid: right },
    );
}

/** One request in three from the one shared address, whose limits run out (429 is met and checked). */
const sharedAddress = fc.nat(2).map((n) => n === 0);

/** Strings only (a query or a form carries no types): hostile text, huge text, numbers as text. */
const hostileParam = fc.oneof(
  CROSS,
  { arbitrary: hostileString.map((s) => s.slice(0, 6000)), weight: 4 },
  { arbitrary: hostileNumber.map(String), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      "https://169.254.169.254/latest/meta-data/client.json",
      "https://127.0.0.1:1/client.json",
      "https://[::1]/client.json",
      "https://10.0.0.1/client.json",
      "https://localhost/client.json",
      "http://example.com/client.json",
      "https://user:pass@example.invalid/client.json",
      "javascript:alert(1)",
    ),
    weight: 1,
  },
);

const contentTypes = (right: string) =>
  fc.oneof(
    CROSS,
    { arbitrary: fc.constant({ value: right as string | null, label: null as string | null }), weight: 6 },
    {
      arbitrary: fc
        .constantFrom<string | null>(
          null,
          "text/plain",
          right === "application/json" ? "application/x-www-form-urlencoded" : "application/json",
          "multipart/form-data; boundary=x",
          `${right}; charset=utf-16`,
          `${right}; ${"x".repeat(1000)}`,
          "application/json; charset=latin1",
        )
        .map((value) => ({ value, label: `content-type:${value?.slice(0, 40) ?? "missing"}` })),
      weight: 2,
    },
  );

/** Whole bodies that are not what any parser expects. */
const brokenBody = fc
  .constantFrom<[string, Buffer]>(
    ["malformed-json", Buffer.from('{"client_name": "x", ')],
    ["json-array", Buffer.from("[]")],
    ["json-string", Buffer.from('"x"')],
    ["json-number", Buffer.from("1E400")],
    ["json-null", Buffer.from("null")],
    ["invalid-utf8", Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d])],
    ["duplicate-keys", Buffer.from('{"redirect_uris":["http://127.0.0.1:1/cb"],"redirect_uris":"x"}')],
    ["deep-array", Buffer.from("[".repeat(50_000) + "]".repeat(50_000))],
    ["deep-object", Buffer.from('{"a":'.repeat(20_000) + "1" + "}".repeat(20_000))],
    ["proto", Buffer.from('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}')],
    ["empty", Buffer.alloc(0)],
    ["bad-form", Buffer.from("%zz=%&&==&grant_type=%ff%fe&&&")],
    ["huge", Buffer.from(`{"client_name":"${"a".repeat(300_000)}"}`)],
  )
  .map(([label, body]) => ({ label: `body:${label}`, body }));

function jsonRequest(world: OAuthWorld): fc.Arbitrary<OAuthCase> {
  const fields = fc.record({
    client_name: field(fc.constantFrom("Fuzz Assistant", "Ünïcødé ☃", "", ...SPOOFED_NAMES)),
    redirect_uris: field(
      fc.constantFrom([world.redirectUri], ["http://localhost:9/cb"], ["https://client.example/cb"]),
    ),
    grant_types: field(fc.constantFrom(["authorization_code", "refresh_token"], ["authorization_code"])),
    response_types: field(fc.constant(["code"])),
    token_endpoint_auth_method: field(fc.constantFrom("none", "client_secret_basic", "private_key_jwt")),
    scope: field(fc.constantFrom("read", "read write", "openid offline_access")),
    client_uri: field(fc.constantFrom("https://client.example", "http://169.254.169.254/")),
    logo_uri: field(fc.constantFrom("https://client.example/logo.png")),
    jwks_uri: field(fc.constantFrom("https://169.254.169.254/jwks", "https://127.0.0.1:1/jwks")),
    software_id: field(fc.constantFrom("fuzz")),
  });
  const present = fc.record({
    fields,
    keep: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
    // One registration in three is all valid fields (so that successes, and what they write, are met too).
    clean: fc.nat(2).map((n) => n === 0),
    extra: fc.option(fc.dictionary(fc.string({ maxLength: 20 }), hostileValue, { maxKeys: 3 }), { nil: undefined }),
  });
  return fc
    .tuple(
      fc.oneof(
        CROSS,
        { arbitrary: present.map((p) => ({ kind: "fields" as const, p })), weight: 5 },
        { arbitrary: brokenBody.map((b) => ({ kind: "broken" as const, b })), weight: 1 },
      ),
      contentTypes("application/json"),
      sharedAddress,
    )
    .map(([shape, type, shared]) => {
      const labels: string[] = [];
      let body: Buffer;
      if (shape.kind === "fields") {
        const out: Record<string, unknown> = {};
        Object.entries(shape.p.fields).forEach(([name, { value, label, valid }], i) => {
          // The fields a client needs are always sent unless hostile; the others now and then.
          if (!shape.p.keep[i] && i > 4) return;
          out[name] = shape.p.clean ? valid : value;
          if (label && !shape.p.clean) labels.push(`${name}:${label}`);
        });
        if (shape.p.extra) {
          Object.assign(out, shape.p.extra);
          labels.push("unknown-fields");
        }
        body = Buffer.from(JSON.stringify(out));
      } else {
        body = shape.b.body;
        labels.push(shape.b.label);
      }
      if (type.label) labels.push(type.label);
      return {
        target: "register" as const,
        method: "POST" as const,
        path: "/oauth/register",
        headers: type.value === null ? [] : [["Content-Type", type.value] as [string, string]],
        body,
        shared,
        labels,
      };
    });
}

/** Parameters for a form or a query: right ones, hostile ones, repeated ones, missing ones. */
function params(
  valid: Record<string, fc.Arbitrary<string>>,
): fc.Arbitrary<{ pairs: [string, string][]; labels: string[] }> {
  const names = Object.keys(valid);
  return fc
    .tuple(
      fc.tuple(
        ...names.map((name) =>
          fc.oneof(
            CROSS,
            {
              arbitrary: valid[name]!.map((value) => ({ value: value as string | null, label: null as string | null })),
              weight: 4,
            },
            {
              arbitrary: hostileParam.map((value) => ({
                value: value as string | null,
                label: `${name}:${classify(value)}`,
              })),
              weight: 2,
            },
            { arbitrary: fc.constant({ value: null, label: `${name}:missing` }), weight: 1 },
          ),
        ),
      ),
      fc.array(fc.constantFrom(...names), { maxLength: 2 }),
      fc.array(fc.tuple(fc.constantFrom("foo", "__proto__", "request", "request_uri", "x".repeat(300)), hostileParam), {
        maxLength: 2,
      }),
    )
    .map(([values, repeated, extra]) => {
      const labels: string[] = [];
      const pairs: [string, string][] = [];
      values.forEach(({ value, label }, i) => {
        if (label) labels.push(label);
        if (value !== null) pairs.push([names[i]!, value]);
      });
      for (const name of repeated) {
        const first = pairs.find(([n]) => n === name);
        pairs.push([name, first ? first[1] : "again"]);
        labels.push(`${name}:repeated`);
      }
      for (const pair of extra) pairs.push(pair);
      if (extra.length) labels.push("unknown-params");
      return { pairs, labels };
    });
}

const encode = (pairs: [string, string][]) =>
  pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join("&");

function formRequest(target: "token" | "revoke", world: OAuthWorld): fc.Arbitrary<OAuthCase> {
  const random = fc.string({
    unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"),
    minLength: 1,
    maxLength: 64,
  });
  const valid: Record<string, fc.Arbitrary<string>> = target === "token"
    ? {
        grant_type: fc.constantFrom(
          "authorization_code",
          "refresh_token",
          "client_credentials",
          "password",
          "urn:ietf:params:oauth:grant-type:device_code",
        ),
        code: random,
        refresh_token: random,
        code_verifier: fc.constantFrom("v".repeat(64), "short", ""),
        redirect_uri: fc.constant(world.redirectUri),
        client_id: fc.constantFrom(world.clientId, "unknown-client"),
        resource: fc.constantFrom(world.resource, "https://other.example/mcp"),
      }
    : {
        token: random,
        token_type_hint: fc.constantFrom("access_token", "refresh_token", "bogus"),
        client_id: fc.constantFrom(world.clientId, "unknown-client"),
      };
  return fc
    .tuple(
      fc.oneof(
        CROSS,
        { arbitrary: params(valid).map((p) => ({ body: Buffer.from(encode(p.pairs)), labels: p.labels })), weight: 5 },
        { arbitrary: brokenBody.map((b) => ({ body: b.body, labels: [b.label] })), weight: 1 },
      ),
      contentTypes("application/x-www-form-urlencoded"),
      sharedAddress,
    )
    .map(([{ body, labels }, type, shared]) => ({
      target,
      method: "POST" as const,
      path: `/oauth/${target}`,
      headers: type.value === null ? [] : [["Content-Type", type.value] as [string, string]],
      body,
      shared,
      labels: type.label ? [...labels, type.label] : labels,
    }));
}

function authorizeRequest(world: OAuthWorld): fc.Arbitrary<OAuthCase> {
  const valid: Record<string, fc.Arbitrary<string>> = {
    response_type: fc.constantFrom("code", "token", "code id_token"),
    client_id: fc.constantFrom(world.clientId, "unknown-client"),
    redirect_uri: fc.constantFrom(world.redirectUri, "http://127.0.0.1:9/other", "https://evil.example/cb"),
    code_challenge: fc.constant("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"),
    code_challenge_method: fc.constantFrom("S256", "plain"),
    scope: fc.constantFrom("read", "read write", "admin", "openid"),
    state: fc.constantFrom("s", "x".repeat(500)),
    resource: fc.constantFrom(world.resource, "https://other.example/mcp"),
    prompt: fc.constantFrom("consent", "none", "login"),
  };
  return fc.tuple(params(valid), fc.constantFrom("", "%zz", "%ff%fe", "&&&", "=x")).map(([p, raw]) => {
    const query = encode(p.pairs) + (raw ? `&${raw}` : "");
    return {
      target: "authorize" as const,
      method: "GET" as const,
      path: `/oauth/authorize?${query}`.slice(0, 12 * 1024),
      headers: [],
      body: null,
      shared: false,
      labels: raw ? [...p.labels, `raw:${raw}`] : p.labels,
    };
  });
}

const METADATA_PATHS = [
  "/.well-known/oauth-authorization-server",
  "/.well-known/openid-configuration",
  "/.well-known/oauth-protected-resource",
  "/.well-known/oauth-protected-resource/api/mcp",
  "/.well-known/oauth-protected-resource/elsewhere",
  "/oauth/jwks",
];

function metadataRequest(): fc.Arbitrary<OAuthCase> {
  return fc
    .tuple(
      fc.constantFrom(...METADATA_PATHS),
      fc.option(hostileParam, { nil: undefined }),
      fc.option(
        fc.constantFrom<[string, string]>(
          ["Origin", `https://${SPOOFED_HOST}`],
          ["Accept", "text/html"],
          ["Accept", "application/xml"],
          ["X-Forwarded-Proto", "gopher"],
        ),
        { nil: undefined },
      ),
    )
    .map(([path, query, header]) => ({
      target: "metadata" as const,
      method: "GET" as const,
      path: query === undefined ? path : `${path}?q=${percentEncode(query).slice(0, 8000)}`,
      headers: header ? [header] : [],
      body: null,
      shared: false,
      labels: [
        ...(query === undefined ? [] : [`query:${classify(query)}`]),
        ...(header ? [`header:${header[0]}`] : []),
      ],
    }));
}

/** Another site named where a client or a careless proxy may name it: the Host header, the forwarding headers, both. */
const SPOOFING: [string, [string, string][]][] = [
  ["host", [["Host", SPOOFED_HOST]]],
  [
    "forwarded",
    [
      ["X-Forwarded-Host", SPOOFED_HOST],
      ["X-Forwarded-Proto", "https"],
    ],
  ],
  [
    "host+forwarded",
    [
      ["Host", SPOOFED_HOST],
      ["X-Forwarded-Host", SPOOFED_HOST],
      ["X-Forwarded-Proto", "https"],
    ],
  ],
];

function requestsOf(target: OAuthTarget, world: OAuthWorld): fc.Arbitrary<OAuthCase> {
  switch (target) {
    case "register":
      return jsonRequest(world);
    case "token":
    case "revoke":
      return formRequest(target, world);
    case "authorize":
      return authorizeRequest(world);
    case "metadata":
      return metadataRequest();
  }
}

export function oauthRequests(target: OAuthTarget, world: OAuthWorld): fc.Arbitrary<OAuthCase> {
  // One request in three names another site (of the metadata, whose answers are made of URLs: one in two).
  const spoofing = fc.oneof(
    { arbitrary: fc.constant(null), weight: target === "metadata" ? 1 : 2 },
    { arbitrary: fc.constantFrom(...SPOOFING), weight: 1 },
  );
  return fc
    .tuple(requestsOf(target, world), spoofing)
    .map(([c, spoof]) =>
      spoof ? { ...c, headers: [...c.headers, ...spoof[1]], labels: [...c.labels, `spoofed:${spoof[0]}`] } : c,
    );
}

/** What the runner sends: the case, behind the one proxy the server trusts, from the case's address. */
export function renderOAuth(c: OAuthCase, serial: number): RawRequest {
  const address = c.shared ? SHARED_ADDRESS : `198.18.${(serial >> 8) & 255}.${serial & 255}`;
  return { method: c.method, target: c.path, headers: [...c.headers, ["X-Forwarded-For", address]], body: c.body };
}
