import zlib from "node:zlib";
import { ERROR_STATUS } from "@/lib/errors";
import { mismatches, type OpenApiDocument, type Operation } from "./openapi";
import type { RawResponse } from "./raw-http";
import { MAX_BODY_BYTES } from "@/lib/limits";
import { API_PREFIX, type FuzzCase } from "./requests";

// What the fuzz asks of every answer (run.ts explains the rules): pure functions over a case and its outcome.

export interface Problem {
  kind: string;
  detail: string;
}

export interface Outcome {
  response: RawResponse | null;
  transportError: string | null;
  changed: string[];
}

/** The refusals whose side effects the house rules allow, as `schema.table`. */
export function allowedWrites(c: FuzzCase, status: number, code: string | undefined): string[] {
  const allowed: string[] = [];
  const keyed = c.headers.some(([name]) => name.toLowerCase() === "idempotency-key");
  const serviceRefusal = !code?.startsWith("idempotency_") && code !== "too_many_attempts";
  if (keyed && [403, 404, 409, 429].includes(status) && serviceRefusal) allowed.push("public.idempotency_keys");
  // A refused send is kept in the policy log, and its decision in the audit chain (issue 34).
  if (code === "policy_blocked" || code === "opted_out" || code === "deferred")
    allowed.push("public.policy_decisions", "public.audit_log");
  // The credential throttle counts a failed key, and the failure that locks an address records a security event
  // (which enters the audit chain by its id).
  if (code === "unauthorized" || code === "too_many_attempts")
    allowed.push("public.rate_limits", "public.security_events", "public.audit_log");
  return allowed;
}

export function decoded(response: RawResponse): Buffer {
  const encoding = response.headers["content-encoding"];
  if (encoding === "gzip") return zlib.gunzipSync(response.body);
  if (encoding === "br") return zlib.brotliDecompressSync(response.body);
  if (encoding === "deflate") return zlib.inflateSync(response.body);
  return response.body;
}

/**
 * The site the fuzz names in Host and X-Forwarded-Host (and Origin). Every URL the app gives out comes from APP_URL
 * (issue 31): no answer may carry a URL on this host, in its body or in a header that holds a link. (Headers that
 * name the caller's own origin back to it, such as Access-Control-Allow-Origin, are not links the app gives out.)
 */
export const SPOOFED_HOST = "evil.example";
const LINK_HEADERS = ["location", "content-location", "link", "refresh", "www-authenticate"];
const ON_SPOOFED_HOST = new RegExp(
  `[a-z][a-z0-9+.-]*://(?:[^/?#\\s"'<>@]*@)?${SPOOFED_HOST.replace(".", "\\.")}(?![a-z0-9.-])[^\\s"'<>]*`,
  "gi",
);

/** The URLs on the spoofed host in an answer's body and link headers (empty: none). */
export function spoofedHostUrls(response: RawResponse, body: string): string[] {
  const texts = [body, ...LINK_HEADERS.map((name) => response.headers[name] ?? "")];
  return texts.flatMap((text) => [...text.matchAll(ON_SPOOFED_HOST)].map((m) => m[0]));
}

export const excerpt = (text: string, limit = 300) =>
  text.length > limit ? `${text.slice(0, limit)}…(${text.length} chars)` : text;

/**
 * Next answers some paths that are not in their clean form itself, before any of the app's code runs: repeated
 * slashes or a backslash (308 to the path with them collapsed), a trailing slash, also after a final dot segment
 * (308 to the path resolved, without it; a dot segment inside the path it resolves and routes). These redirects are
 * the one API answer without X-Request-Id (docs/guides/bot-developers.md "API notes"). A 308 must go to exactly that
 * path, and must have changed nothing; any other answer is judged as usual.
 */
function uncleanPath(c: FuzzCase, outcome: Outcome): Problem[] | null {
  const { status, headers } = outcome.response!;
  const [path, query] = splitOnce(`${API_PREFIX}${c.target}`, "?");
  const slashes = /\/\/|\\/.test(path);
  // The URL standard reads `%2e` as a dot in a dot segment.
  const dotted = path.replace(/%2e/gi, ".");
  if (status !== 308 || (!slashes && !/\/$|\/\.{1,2}(\/|$)/.test(dotted))) return null;
  const search = query === undefined ? "" : `?${query}`;
  const clean = slashes ? path.replace(/\\/g, "/").replace(/\/\/+/g, "/") : resolveDots(dotted).replace(/(.)\/$/, "$1");
  const problems: Problem[] = [];
  if (headers.location !== clean + search)
    problems.push({
      kind: "unclean path not redirected",
      detail: `308 to ${headers.location} (not ${clean}${search})`,
    });
  if (outcome.changed.length)
    problems.push({ kind: "redirect changed the database", detail: outcome.changed.join(", ") });
  return problems;
}

/**
 * A dot segment inside the path (`/conversations/%2e%2e/messages/check`) is resolved and routed (above): the request
 * reaches another route (`/messages/{id}` with the id `check`), which refuses a method it does not serve with 405
 * `method_not_allowed`, as every route does (docs/guides/bot-developers.md "API notes"). That answer is the resolved
 * route's, not this operation's.
 */
function routedElsewhere(c: FuzzCase, { status, code }: { status: number; code: string | undefined }): boolean {
  const [path] = splitOnce(`${API_PREFIX}${c.target}`, "?");
  return status === 405 && code === "method_not_allowed" && /\/\.{1,2}\//.test(path.replace(/%2e/gi, "."));
}

/** A path with its `.` and `..` segments resolved (RFC 3986, 5.2.4). */
function resolveDots(path: string): string {
  const out: string[] = [];
  const segments = path.split("/");
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === ".") {
      if (last) out.push("");
    } else if (segment === "..") {
      if (out.length > 1) out.pop();
      if (last) out.push("");
    } else out.push(segment);
  });
  return out.join("/");
}

const splitOnce = (text: string, separator: string): [string, string | undefined] => {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
};

/** What is wrong with one answer (empty: nothing). */
export function check(doc: OpenApiDocument, operation: Operation, c: FuzzCase, outcome: Outcome): Problem[] {
  const { response } = outcome;
  if (!response) return [{ kind: "no answer", detail: outcome.transportError ?? "" }];
  const redirected = uncleanPath(c, outcome);
  if (redirected) return redirected;
  const problems: Problem[] = [];
  const status = response.status;
  const contentType = response.headers["content-type"] ?? "";
  const text = decoded(response).toString("utf8");
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    // judged below
  }
  const code = (body as { error?: { code?: string } } | undefined)?.error?.code;
  const requestId = response.headers["x-request-id"];

  if (status >= 500)
    problems.push({
      kind: `${status}`,
      detail: `${status} ${contentType || "(no content-type)"}: ${excerpt(text, 200)}`,
    });
  else if (!operation.responses.has(status) && !routedElsewhere(c, { status, code }))
    problems.push({ kind: "undocumented status", detail: `${status}${code ? ` ${code}` : ""}` });
  if (!requestId) problems.push({ kind: "no X-Request-Id", detail: `${status}` });
  const spoofed = spoofedHostUrls(response, text);
  if (spoofed.length) problems.push({ kind: "URL on the spoofed host", detail: `${status}: ${spoofed.join(" ")}` });

  if (status >= 400) {
    if (!/^application\/json\b/.test(contentType) || body === undefined) {
      problems.push({ kind: "refusal not JSON", detail: `${status} ${contentType || "(no content-type)"}` });
    } else {
      const shape = mismatches(doc, { $ref: "#/components/schemas/Error" }, body);
      if (shape.length) problems.push({ kind: "refusal not the Error schema", detail: shape.slice(0, 3).join("; ") });
      const known = code !== undefined && code in ERROR_STATUS;
      if (!known) problems.push({ kind: "unknown error code", detail: String(code) });
      else if (ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== status)
        problems.push({
          kind: "error code with another status",
          detail: `${code} is ${ERROR_STATUS[code as keyof typeof ERROR_STATUS]}, answered ${status}`,
        });
      const bodyId = (body as { error?: { request_id?: unknown } }).error?.request_id;
      if (requestId && bodyId !== requestId)
        problems.push({ kind: "request_id differs from X-Request-Id", detail: `${String(bodyId)} vs ${requestId}` });
    }
    const allowed = allowedWrites(c, status, code);
    const changed = outcome.changed.filter((table) => !allowed.includes(table));
    if (changed.length)
      problems.push({ kind: "refusal changed the database", detail: `${status} ${code ?? ""}: ${changed.join(", ")}` });
  } else if (status < 300) {
    const schema = operation.responses.get(status);
    if (schema) {
      const shape = body === undefined ? ["not JSON"] : mismatches(doc, schema, body);
      if (shape.length)
        problems.push({
          kind: "answer not its documented schema",
          detail: `${status}: ${shape.slice(0, 3).join("; ")}`,
        });
    }
  }

  // Issue 31: every answer to a request with a working key that reached its route reports the bot's limits (the IETF
  // RateLimit fields), refusals included; only the answers without a bot (401, the address throttle) have none.
  if (c.key && c.routed && status !== 401 && code !== "too_many_attempts") {
    const item = /^"[a-z]+"(;[a-z]+=\d+)+$/;
    const policy = response.headers["ratelimit-policy"] ?? "";
    const current = response.headers["ratelimit"] ?? "";
    if (!policy.split(", ").every((part) => item.test(part)) || !item.test(current) || !/;r=\d+/.test(current))
      problems.push({
        kind: "no RateLimit fields",
        detail: `${status}: RateLimit-Policy ${JSON.stringify(policy)}, RateLimit ${JSON.stringify(current)}`,
      });
  }

  // The wrapper reads the body right after the key and its rate (POST and PATCH routes have no query): past 256 KiB
  // it is 413.
  if (operation.body?.contentType === "application/json" && c.body && c.key && c.routed) {
    const over = c.body.length > MAX_BODY_BYTES;
    if (status === 413 && !over) problems.push({ kind: "413 at or under 256 KiB", detail: `${c.body.length} bytes` });
    if (over && status !== 413)
      problems.push({ kind: "no 413 over 256 KiB", detail: `${c.body.length} bytes answered ${status}` });
  }
  return problems;
}
