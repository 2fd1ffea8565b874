import fc from "fast-check";
import type { SeededWorld } from "@/lib/seed/seed-world";
import { sameOriginPath } from "@/lib/http/redirect-target";
import { decoded, excerpt, type Problem } from "./checks";
import { hostileText } from "./hostile";
import { sendRaw, type RawRequest, type RawResponse } from "./raw-http";
import { percentEncode } from "./parts";

// The fuzz of redirect targets (issue 31, finding 1): hostile targets, built from the pieces that have fooled
// redirect checks (tabs and newlines a browser drops, backslashes it reads as slashes, encoded slashes, dot segments,
// schemes, credentials, other hosts, characters a Location header cannot hold), sent to every door that redirects a
// browser on a caller's word. Every answer must be under 500, and every place it points a browser to (Location, a
// JSON `url`, a meta refresh) must resolve, as a browser resolves it, to this server's origin, written in bytes a
// header can hold; a sign-in link it points to must carry a callbackUrl the judge (lib/http/redirect-target.ts)
// keeps as it is.

export const REDIRECT_DOORS = [
  "sign-in signed in",
  "sign-in signed out",
  "next-auth sign-in",
  "next-auth credentials",
  "consent signed out",
  "consent decision signed out",
  "unsubscribe",
] as const;
export type RedirectDoor = (typeof REDIRECT_DOORS)[number];

const PIECES = [
  "/",
  "//",
  "\\",
  "/\\",
  "\t",
  "\n",
  "\r",
  " ",
  "\u0085",
  "\u3000",
  "%09",
  "%0a",
  "%2f",
  "%2F",
  "%5c",
  "%00",
  "%E3%80%80",
  "/./",
  "/../",
  "..",
  "@",
  ":",
  "?",
  "#",
  "evil.example",
  "localhost",
  "127.0.0.1",
  "[::1]",
  "https:",
  "http:",
  "javascript:",
  "data:",
  "chat",
  "developers",
  "é",
  "\u202e",
];

/** A hostile target: pieces joined, sometimes with random text between them. */
export const hostileTarget: fc.Arbitrary<string> = fc
  .array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...PIECES) }, { weight: 1, arbitrary: hostileText }), {
    minLength: 1,
    maxLength: 7,
  })
  .map((parts) => parts.join(""));

/** How the target travels in a query: encoded whole, or with its `%`, `/` and `\` as they are (decoded once more). */
const encodings = fc.constantFrom("whole", "raw-percent");

function encodeTarget(target: string, how: string): string {
  const whole = percentEncode(target);
  return how === "whole" ? whole : whole.replace(/%25/g, "%").replace(/%2F/g, "/").replace(/%5C/g, "\\");
}

export interface RedirectCase {
  door: RedirectDoor;
  target: string;
  encoding: string;
}

export interface RedirectWorld {
  /** The server's origin (APP_URL's), as the answers must name it. */
  origin: string;
  /** A signed-in person's cookies (next-auth's session), for the doors that need one. */
  sessionCookie: string;
  /** next-auth's CSRF token and its cookie, for a form post to next-auth. */
  csrf: { token: string; cookie: string };
  person: { email: string; password: string };
}

export const redirectCases = (door: RedirectDoor): fc.Arbitrary<RedirectCase> =>
  fc.record({ door: fc.constant(door), target: hostileTarget, encoding: encodings });

/** The raw request of a case (the fuzz's raw client writes exactly these bytes). */
export function renderRedirect(c: RedirectCase, world: RedirectWorld): RawRequest {
  const query = encodeTarget(c.target, c.encoding);
  const inPath = percentEncode(c.target);
  switch (c.door) {
    case "sign-in signed in":
      return { method: "GET", target: `/sign-in?callbackUrl=${query}`, headers: [["Cookie", world.sessionCookie]] };
    case "sign-in signed out":
      return { method: "GET", target: `/sign-in?callbackUrl=${query}`, headers: [] };
    case "next-auth sign-in":
      return { method: "GET", target: `/api/auth/signin?callbackUrl=${query}`, headers: [] };
    case "next-auth credentials": {
      const form = new URLSearchParams({
        email: world.person.email,
        password: world.person.password,
        csrfToken: world.csrf.token,
        json: "true",
        callbackUrl: c.target.replace(/\u0000/g, ""),
      });
      return {
        method: "POST",
        target: "/api/auth/callback/credentials",
        headers: [
          ["Content-Type", "application/x-www-form-urlencoded"],
          ["Cookie", world.csrf.cookie],
        ],
        body: Buffer.from(form.toString()),
      };
    }
    case "consent signed out":
      return { method: "GET", target: `/oauth/consent/${inPath}`, headers: [] };
    case "consent decision signed out":
      return {
        method: "POST",
        target: `/oauth/consent/${inPath}/decision`,
        headers: [["Content-Type", "application/x-www-form-urlencoded"]],
        body: Buffer.from("decision=allow"),
      };
    case "unsubscribe":
      return { method: "GET", target: `/api/notifications/unsubscribe/${inPath}`, headers: [] };
  }
}

/** Where an answer sends a browser: its Location, a JSON body's `url`, a meta refresh's URL. */
function destinations(response: RawResponse): { where: string; value: string }[] {
  const out: { where: string; value: string }[] = [];
  if (response.headers.location !== undefined) out.push({ where: "Location", value: response.headers.location });
  const type = response.headers["content-type"] ?? "";
  let text = "";
  try {
    text = decoded(response).toString("utf8");
  } catch {
    return out;
  }
  if (type.includes("json")) {
    try {
      const url = (JSON.parse(text) as { url?: unknown }).url;
      if (typeof url === "string") out.push({ where: "JSON url", value: url });
    } catch {
      // not JSON after all: nothing to follow
    }
  }
  for (const match of text.matchAll(/http-equiv="refresh" content="0;url=([^"]*)"/g))
    out.push({ where: "meta refresh", value: match[1]!.replaceAll("&amp;", "&") });
  return out;
}

/** What is wrong with an answer to a redirect case. */
export function checkRedirect(response: RawResponse | null, transportError: string | null, origin: string): Problem[] {
  if (!response) return [{ kind: "no answer", detail: transportError ?? "connection closed" }];
  const problems: Problem[] = [];
  if (response.status >= 500) problems.push({ kind: "5xx", detail: `${response.status}` });
  for (const { where, value } of destinations(response)) {
    if (!/^[\x21-\x7e]*$/.test(value)) {
      problems.push({ kind: "unsafe bytes in a redirect", detail: `${where} ${JSON.stringify(value)}` });
      continue;
    }
    const url = URL.parse(value, `${origin}/`);
    if (!url || url.origin !== origin || url.pathname.startsWith("//")) {
      problems.push({ kind: "redirect leaves the site", detail: `${where} ${JSON.stringify(value)}` });
      continue;
    }
    if (url.pathname === "/sign-in" && url.searchParams.has("callbackUrl")) {
      // The sign-in page judges its callbackUrl again; one on another site in a link we gave out is still wrong.
      const callback = url.searchParams.get("callbackUrl")!;
      if (sameOriginPath(callback, origin) === null)
        problems.push({ kind: "sign-in link to another site", detail: `${where} ${JSON.stringify(value)}` });
    }
  }
  return problems;
}

export function describeRedirectCase(c: RedirectCase, request: RawRequest): string {
  return `${c.door} (${c.encoding}): target ${JSON.stringify(c.target)}\n${request.method} ${excerpt(request.target, 300)}`;
}

/** Signs a seeded person in over raw HTTP (next-auth's CSRF token, then its credentials callback). */
export async function prepareRedirectWorld(port: number, seeded: SeededWorld): Promise<RedirectWorld> {
  const person = seeded.people[1] ?? seeded.people[0]!;
  // APP_URL's origin, as the server names itself (the authorization server's issuer is APP_URL's origin).
  const metadata = await sendRaw(port, { method: "GET", target: "/.well-known/oauth-authorization-server", headers: [] });
  const origin = (JSON.parse(metadata.body.toString("utf8")) as { issuer: string }).issuer;
  const cookiesOf = (response: RawResponse) =>
    (response.headers["set-cookie"] ?? "")
      .split(/,(?=\s*[\w.-]+=)/)
      .map((cookie) => cookie.split(";")[0]!.trim())
      .filter(Boolean);
  const csrfAnswer = await sendRaw(port, { method: "GET", target: "/api/auth/csrf", headers: [] });
  const token = (JSON.parse(csrfAnswer.body.toString("utf8")) as { csrfToken: string }).csrfToken;
  const csrfCookie = cookiesOf(csrfAnswer).join("; ");
  const signedIn = await sendRaw(port, {
    method: "POST",
    target: "/api/auth/callback/credentials",
    headers: [
      ["Content-Type", "application/x-www-form-urlencoded"],
      ["Cookie", csrfCookie],
    ],
    body: Buffer.from(
      new URLSearchParams({ email: person.email, password: person.password, csrfToken: token, json: "true" }).toString(),
    ),
  });
  const session = cookiesOf(signedIn).find((cookie) => cookie.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`signing in for the redirect fuzz: ${signedIn.status}, no session cookie`);
  return {
    origin,
    sessionCookie: session,
    csrf: { token, cookie: csrfCookie },
    person: { email: person.email, password: person.password },
  };
}

export interface RedirectFigures {
  door: RedirectDoor;
  tried: number;
  statuses: Map<number, number>;
  slowestMs: number;
}

export interface RedirectFailure {
  door: RedirectDoor;
  kind: string;
  detail: string;
  runs: number;
  examples: { labels: string[]; request: string; answer: string }[];
}

/** `runs` cases per door, one at a time; failures grouped by door and kind. */
export async function fuzzRedirects(options: {
  port: number;
  runs: number;
  seed: number;
  world: RedirectWorld;
}): Promise<{ figures: RedirectFigures[]; failures: RedirectFailure[] }> {
  const figures: RedirectFigures[] = [];
  const groups = new Map<string, RedirectFailure>();
  for (const [i, door] of REDIRECT_DOORS.entries()) {
    const figure: RedirectFigures = { door, tried: 0, statuses: new Map(), slowestMs: 0 };
    figures.push(figure);
    // The credentials door signs in with a password each time (scrypt): a tenth of the runs.
    const runs = door === "next-auth credentials" ? Math.max(10, Math.round(options.runs / 10)) : options.runs;
    const property = fc.asyncProperty(redirectCases(door), async (c) => {
      const request = renderRedirect(c, options.world);
      let response: RawResponse | null = null;
      let transportError: string | null = null;
      try {
        response = await sendRaw(options.port, request);
      } catch (error) {
        transportError = (error as Error).message;
      }
      figure.tried++;
      figure.statuses.set(response?.status ?? 0, (figure.statuses.get(response?.status ?? 0) ?? 0) + 1);
      figure.slowestMs = Math.max(figure.slowestMs, response?.ms ?? 0);
      for (const problem of checkRedirect(response, transportError, options.world.origin)) {
        const key = `${door}|${problem.kind}`;
        const group = groups.get(key) ?? { door, kind: problem.kind, detail: problem.detail, runs: 0, examples: [] };
        groups.set(key, group);
        group.runs++;
        if (group.examples.length < 3)
          group.examples.push({
            labels: [c.encoding],
            request: describeRedirectCase(c, request),
            answer: response
              ? `${response.status} Location: ${JSON.stringify(response.headers.location ?? null)}`
              : `(no answer: ${transportError})`,
          });
      }
      return true;
    });
    await fc.check(property, { numRuns: runs, seed: options.seed + 2000 + i });
  }
  return { figures, failures: [...groups.values()] };
}

export function redirectLine(figure: RedirectFigures): string {
  const statuses = [...figure.statuses.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([status, count]) => `${status || "no answer"} x ${count}`);
  return `redirects, ${figure.door}: ${figure.tried} tried; ${statuses.join(", ")} (slowest ${Math.round(figure.slowestMs)} ms)`;
}
