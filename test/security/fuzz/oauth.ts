import fc from "fast-check";
import { changedTables, fingerprint, type TableReader } from "../fingerprint";
import { decoded, excerpt, spoofedHostUrls, type Problem } from "./checks";
import {
  OAUTH_TARGETS,
  oauthRequests,
  renderOAuth,
  type OAuthCase,
  type OAuthTarget,
  type OAuthWorld,
} from "./oauth-requests";
import { sendRaw, type RawResponse } from "./raw-http";

// The fuzz of MCP's OAuth authorization server (issue 21), whose requests oauth-requests.ts makes: here what is
// checked of each answer, the client the cases use, and the run with its figures and failures.
//
// Each answer: never 5xx, never no answer; a refusal is JSON `{error, error_description}` (strings); a success is
// what the endpoint documents (201 with a client_id; 200 from revocation; a redirect of the authorization endpoint
// to the consent page or to the registered redirect URI only; the metadata's JSON, every URL in it on the issuer's
// origin); no URL on the spoofed host in any answer (issue 31: they all come from APP_URL); no token is ever issued; and a
// refusal writes nothing but the rate limit's count (so a refused registration adds no client). The registration
// (20 an hour) and token (120 a minute) limits count per address: most requests come from an address of their own
// (the runner is the one proxy the server trusts), some from one shared address, so 429 is met and checked too.

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
