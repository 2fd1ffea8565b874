import fc from "fast-check";
import { changedTables, fingerprint, type TableReader } from "../fingerprint";
import { decoded, excerpt, SPOOFED_HOST, spoofedHostUrls, type Problem } from "./checks";
import { sendRaw, type RawRequest, type RawResponse } from "./raw-http";
import { classify, hostileNumber, hostileString, hostileValue, SPOOFED_NAMES } from "./hostile";
import { percentEncode } from "./parts";

// The fuzz of MCP's OAuth authorization server (issue 21): its endpoints are not in the bot API's OpenAPI document,
// and their answers are OAuth's, not the API's. Per target, hostile requests built here: JSON registrations with
// fields of the wrong type, hostile and huge strings, unknown fields, malformed or non-object JSON, invalid UTF-8, any
// Content-Type; token and revocation forms with hostile, repeated and missing parameters, malformed encoding, JSON
// where a form is due; authorization requests with the same in the query (and client_ids that are private-address
// Client ID Metadata Document URLs); the /.well-known metadata with hostile queries and headers. Any of them may
// name another site in Host, X-Forwarded-Host and X-Forwarded-Proto.
//
// Each answer: never 5xx, never no answer; a refusal is JSON `{error, error_description}` (strings); a success is
// what the endpoint documents (201 with a client_id; 200 from revocation; a redirect of the authorization endpoint
// to the consent page or to the registered redirect URI only; the metadata's JSON, every URL in it on the issuer's
// origin); no URL on the spoofed host in any answer (issue 31: they all come from APP_URL); no token is ever issued; and a
// refusal writes nothing but the rate limit's count (so a refused registration adds no client). The registration
// (20 an hour) and token (120 a minute) limits count per address: most requests come from an address of their own
// (the runner is the one proxy the server trusts), some from one shared address, so 429 is met and checked too.

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
const CROSS = { withCrossShrink: true };

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

export interface OAuthOutcome {
  response: RawResponse | null;
  transportError: string | null;
  changed: string[];
}

const OAUTH_RECORDS = "public.oauth_provider_records";
const RATE_LIMITS = "public.rate_limits";

/** What is wrong with one OAuth answer (empty: nothing). */
export function checkOAuth(c: OAuthCase, outcome: OAuthOutcome, world: OAuthWorld): Problem[] {
  const { response } = outcome;
  if (!response) return [{ kind: "no answer", detail: outcome.transportError ?? "" }];
  const problems: Problem[] = [];
  const { status } = response;
  const contentType = response.headers["content-type"] ?? "";
  const text = decoded(response).toString("utf8");
  let body: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // judged below
  }
  const allowed = c.target === "register" || c.target === "token" ? [RATE_LIMITS] : [];
  const spoofed = spoofedHostUrls(response, text);
  if (spoofed.length) problems.push({ kind: "URL on the spoofed host", detail: `${status}: ${spoofed.join(" ")}` });

  if (status >= 500) {
    problems.push({
      kind: `${status}`,
      detail: `${status} ${contentType || "(no content-type)"}: ${excerpt(text, 200)}`,
    });
  } else if (status >= 400) {
    const expected = c.target === "metadata" ? [404] : [400, 401, 413, 415, 429];
    if (!expected.includes(status))
      problems.push({ kind: "unexpected status", detail: `${status} ${excerpt(text, 120)}` });
    if (c.target !== "metadata" || status !== 404) {
      if (!/^application\/json\b/.test(contentType) || !body)
        problems.push({
          kind: "refusal not JSON",
          detail: `${status} ${contentType || "(no content-type)"}: ${excerpt(text, 120)}`,
        });
      else if (
        typeof body.error !== "string" ||
        !/^[a-z_]+$/.test(body.error) ||
        typeof body.error_description !== "string"
      )
        problems.push({ kind: "refusal not an OAuth error", detail: `${status}: ${excerpt(text, 160)}` });
      if (status === 429 && !response.headers["retry-after"])
        problems.push({ kind: "429 without Retry-After", detail: "" });
    }
  } else if (c.target === "register") {
    if (status !== 201 || typeof body?.client_id !== "string")
      problems.push({ kind: "registration answer", detail: `${status}: ${excerpt(text, 160)}` });
    else allowed.push(OAUTH_RECORDS);
    // A name is registered as sent (issue 31): never cleaned, so what the consent page shows is what was sent.
    const sent = sentClientName(c.body);
    if (status === 201 && sent && body?.client_name !== sent)
      problems.push({
        kind: "client name changed",
        detail: `${JSON.stringify(sent)} came back as ${JSON.stringify(body?.client_name)}`,
      });
  } else if (c.target === "token") {
    problems.push({ kind: "a token endpoint success from fuzz input", detail: `${status}: ${excerpt(text, 160)}` });
  } else if (c.target === "revoke") {
    if (status !== 200) problems.push({ kind: "revocation answer", detail: `${status}` });
  } else if (c.target === "authorize") {
    const location = response.headers.location ?? "";
    const to = URL.parse(location, world.origin);
    const consent = to?.origin === world.origin && /^\/oauth\/consent\/[^/]+$/.test(to.pathname);
    // Back to the registered redirect URI with an error, in the query or (response_mode fragment) the fragment.
    const fragment = location.startsWith(`${world.redirectUri}#`);
    const answer = new URLSearchParams(fragment ? (to?.hash.slice(1) ?? "") : (to?.search ?? ""));
    const back =
      (fragment || location.startsWith(`${world.redirectUri}?`)) &&
      answer.has("error") &&
      !answer.has("code") &&
      !answer.has("access_token");
    if (status < 300 || status > 399 || !(consent || back))
      problems.push({ kind: "authorization answer", detail: `${status} to ${excerpt(location, 160)}` });
    if (consent) allowed.push(OAUTH_RECORDS); // the interaction the consent page answers
  } else if (c.target === "metadata") {
    if (status !== 200 || !body) problems.push({ kind: "metadata answer", detail: `${status} ${contentType}` });
    else if (!(typeof body.issuer === "string" || typeof body.resource === "string" || Array.isArray(body.keys)))
      problems.push({ kind: "metadata answer", detail: excerpt(text, 160) });
    else {
      const elsewhere = urlsIn(text).filter((url) => URL.parse(url)?.origin !== world.origin);
      if (elsewhere.length)
        problems.push({ kind: "metadata URL off the issuer's origin", detail: excerpt(elsewhere.join(" "), 200) });
    }
  }
  const changed = outcome.changed.filter((table) => !allowed.includes(table));
  if (changed.length) problems.push({ kind: "changed the database", detail: `${status}: ${changed.join(", ")}` });
  return problems;
}

/** Every absolute http(s) URL in a text. */
const urlsIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>,]+/g)].map((m) => m[0]);

export function describeOAuthCase(c: OAuthCase): string {
  const headers = c.headers.map(([k, v]) => `${k}: ${excerpt(v.toString(), 80)}`).join("; ");
  const body = c.body ? excerpt(c.body.toString("utf8"), 200) : "";
  return `${c.method} ${excerpt(c.path, 200)}${headers ? `\n${headers}` : ""}${body ? `\n${body}` : ""}`;
}

/** Registers the client the cases use (from an address of its own), over the same raw HTTP. */
export async function prepareOAuthWorld(port: number): Promise<OAuthWorld> {
  const redirectUri = "http://127.0.0.1:53682/callback";
  const registered = await sendRaw(port, {
    method: "POST",
    target: "/oauth/register",
    headers: [
      ["Content-Type", "application/json"],
      ["X-Forwarded-For", "192.0.2.200"],
    ],
    body: Buffer.from(
      JSON.stringify({
        client_name: "Fuzz",
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      }),
    ),
  });
  const clientId = (JSON.parse(registered.body.toString("utf8")) as { client_id?: string }).client_id;
  // The issuer is the server's APP_URL: the consent page and the resource are there.
  const metadata = await sendRaw(port, {
    method: "GET",
    target: "/.well-known/oauth-authorization-server",
    headers: [],
  });
  const origin = (JSON.parse(metadata.body.toString("utf8")) as { issuer: string }).issuer;
  if (registered.status !== 201 || !clientId)
    throw new Error(`registering the fuzz's OAuth client: ${registered.status}`);
  return { origin, clientId, redirectUri, resource: `${origin}/api/mcp` };
}

export interface OAuthFigures {
  target: OAuthTarget;
  tried: number;
  statuses: Map<number, number>;
  slowestMs: number;
}

export interface OAuthFailure {
  target: OAuthTarget;
  kind: string;
  detail: string;
  runs: number;
  examples: { labels: string[]; request: string; answer: string }[];
}

/** `runs` requests per target, one at a time between two fingerprints; failures grouped by target and kind. */
export async function fuzzOAuth(options: {
  port: number;
  sql: TableReader;
  runs: number;
  seed: number;
  world: OAuthWorld;
}): Promise<{
  figures: OAuthFigures[];
  failures: OAuthFailure[];
  clientsBefore: number;
  clientsAfter: number;
  registered: number;
}> {
  const clients = async () =>
    Number(
      (
        await options.sql.unchecked<{ n: number }>(
          `SELECT count(*)::int AS n FROM oauth_provider_records WHERE model = 'Client'`,
        )
      )[0]!.n,
    );
  const clientsBefore = await clients();
  let registered = 0;
  let serial = 0;
  const figures: OAuthFigures[] = [];
  const groups = new Map<string, OAuthFailure>();
  for (const [i, target] of OAUTH_TARGETS.entries()) {
    const figure: OAuthFigures = { target, tried: 0, statuses: new Map(), slowestMs: 0 };
    figures.push(figure);
    const property = fc.asyncProperty(oauthRequests(target, options.world), async (c) => {
      const before = await fingerprint([], options.sql);
      let response: RawResponse | null = null;
      let transportError: string | null = null;
      try {
        response = await sendRaw(options.port, renderOAuth(c, ++serial));
      } catch (error) {
        transportError = (error as Error).message;
      }
      const changed = changedTables(before, await fingerprint([], options.sql));
      figure.tried++;
      const status = response?.status ?? 0;
      if (target === "register" && status === 201) registered++;
      figure.statuses.set(status, (figure.statuses.get(status) ?? 0) + 1);
      figure.slowestMs = Math.max(figure.slowestMs, response?.ms ?? 0);
      for (const problem of checkOAuth(c, { response, transportError, changed }, options.world)) {
        const key = `${target}|${problem.kind}`;
        const group = groups.get(key) ?? { target, kind: problem.kind, detail: problem.detail, runs: 0, examples: [] };
        groups.set(key, group);
        group.runs++;
        if (group.examples.length < 3)
          group.examples.push({
            labels: c.labels,
            request: describeOAuthCase(c),
            answer: response
              ? `${response.status} ${response.headers["content-type"] ?? ""} ${excerpt(decoded(response).toString("utf8"), 200)}`
              : `(no answer: ${transportError})`,
          });
      }
      return true;
    });
    await fc.check(property, { numRuns: options.runs, seed: options.seed + 1000 + i });
  }
  return { figures, failures: [...groups.values()], clientsBefore, clientsAfter: await clients(), registered };
}

export function oauthLine(figure: OAuthFigures): string {
  const statuses = [...figure.statuses.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([status, count]) => `${status || "no answer"} x ${count}`);
  const name = {
    register: "POST /oauth/register",
    token: "POST /oauth/token",
    revoke: "POST /oauth/revoke",
    authorize: "GET /oauth/authorize",
    metadata: "GET /.well-known/* and /oauth/jwks",
  }[figure.target];
  return `${name}: ${figure.tried} tried; ${statuses.join(", ")} (slowest ${Math.round(figure.slowestMs)} ms)`;
}

/** The client_name a registration's body sent, when it is JSON with a string there. Exported for its test. */
export function sentClientName(body: Buffer | null): string | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body.toString("utf8"));
    const name = (parsed as { client_name?: unknown } | null)?.client_name;
    return typeof name === "string" ? name : undefined;
  } catch {
    return undefined;
  }
}
