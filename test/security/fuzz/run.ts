import fc from "fast-check";
import { changedTables, fingerprint, type Fingerprint, type TableReader } from "../fingerprint";
import { check, decoded, excerpt, type Outcome, type Problem } from "./checks";
import { operationsOf, type OpenApiDocument, type Operation } from "./openapi";
import { sendRaw, type RawRequest, type RawResponse } from "./raw-http";
import { FRESH } from "./request-head";
import { API_PREFIX, describeCase, requestsFor, type FuzzCase, type FuzzWorld } from "./requests";
import { connect, prepareWorld, startFuzzServer, type FuzzServer } from "./server";
import { builtServerCli as cli } from "@/scripts/built-server";
import { fuzzOAuth, oauthLine, prepareOAuthWorld, type OAuthFigures } from "./oauth";
import { fuzzRedirects, prepareRedirectWorld, redirectLine, type RedirectFigures } from "./redirects";

// The fuzz: for every operation of the served OpenAPI document, `runs` requests from requestsFor() against the
// built server, one at a time, each between two fingerprints of the database. Every answer must be documented
// for its operation and never 5xx; every refusal a JSON error in the documented shape whose request_id is the
// X-Request-Id header; after a refusal nothing in the database may have changed, except the idempotency record of
// a refusal the service made (403, 404, 409, 429: stored and replayed) and the policy log of a refused message
// (403 policy_blocked, 409 opted_out, 429 deferred) and the credential throttle's count of a failed key (401,
// 429 too_many_attempts). A body over 256 KiB is 413 with a working key, and a body up
// to 256 KiB never is. Failures are grouped, then each group's first case is shrunk by fast-check (replayed from
// its seed and path) to a smallest request that still fails the same way.

export interface FuzzOptions {
  runs: number;
  seed: number;
  dataDir: string;
  /** Only these operation ids (all when empty); `oauth` and `redirects` name the fuzzes of oauth.ts and redirects.ts. */
  only?: string[];
  /** Time for shrinking all failures, in ms. */
  shrinkBudgetMs?: number;
  log?: (line: string) => void;
}

export interface Example {
  labels: string[];
  detail: string;
  request: string;
  answer: string;
}

export interface Failure {
  operation: string;
  kind: string;
  detail: string;
  runs: number;
  /** Smallest requests found by shrinking, one per distinct result. */
  examples: Example[];
}

interface Found extends Example {
  seed: number;
  index: number;
}

/** Distinct starting cases shrunk per failure group. */
const SHRINK_PER_GROUP = 4;
const head = (detail: string) => detail.split(":")[0]!;

export interface OperationFigures {
  operation: Operation;
  tried: number;
  statuses: Map<number, number>;
  slowestMs: number;
}

export interface FuzzReport {
  seed: number;
  runs: number;
  figures: OperationFigures[];
  /** The OAuth endpoints' (oauth.ts): a tenth of `runs` per endpoint, at least 20. */
  oauth: OAuthFigures[];
  /** The doors that redirect a browser (redirects.ts): a tenth of `runs` per door, at least 20. */
  redirects: RedirectFigures[];
  failures: Failure[];
  checks: { name: string; ok: boolean; detail: string }[];
  seconds: number;
  text: string;
}

/** One answer's problems as one: the first (checks run from the gravest), naming the others. */
function summary(problems: Problem[]): Problem | null {
  const [first, ...others] = problems;
  if (!first) return null;
  return others.length
    ? { kind: first.kind, detail: `${first.detail}; also ${others.map((p) => p.kind).join(", ")}` }
    : first;
}

/**
 * The server trusts one proxy (TRUST_PROXY_HOPS=1) and the runner is that proxy: it appends the client's address to
 * X-Forwarded-For, the bots' own for a working key and an attacker's for hostile credentials. So the attacker's
 * failed keys lock the attacker's address (429 `too_many_attempts` from then on, as they should) and never the bots'.
 */
export const BOT_ADDRESS = "198.51.100.7";
export const ATTACKER_ADDRESS = "203.0.113.66";

function render(c: FuzzCase, serial: number): RawRequest {
  let n = 0;
  const headers: [string, string | Buffer][] = c.headers
    .filter(([name]) => name.toLowerCase() !== "x-forwarded-for")
    .map(([name, value]) => [name, value === FRESH ? `fuzz-${serial}-${++n}` : value]);
  const forwarded = c.headers.find(([name]) => name.toLowerCase() === "x-forwarded-for")?.[1];
  const address = c.key ? BOT_ADDRESS : ATTACKER_ADDRESS;
  headers.push(["X-Forwarded-For", forwarded ? `${forwarded.toString()}, ${address}` : address]);
  return { method: c.method, target: `${API_PREFIX}${c.target}`, headers, body: c.body, chunked: c.chunked };
}

function describeAnswer(response: RawResponse | null, error: string | null): string {
  if (!response) return `(no answer: ${error})`;
  const text = (() => {
    try {
      return decoded(response).toString("utf8");
    } catch {
      return response.body.toString("latin1");
    }
  })();
  return `${response.status} ${response.headers["content-type"] ?? "(no content-type)"} X-Request-Id: ${response.headers["x-request-id"] ?? "(none)"}\n  ${excerpt(text)}`;
}

const isStreamAnswer = (response: RawResponse) =>
  response.status < 300 && /^text\/event-stream\b/.test(response.headers["content-type"] ?? "");

/**
 * An event stream's end cuts its bot's listen lease to its grace (stream-bot-events.ts: a write, made once the
 * server sees the client gone): the next case's fingerprint is taken only after it landed, or that case would be
 * blamed for it. A lease still held is renewed 60 s ahead; a released one is at most 20 s ahead.
 */
async function streamLeasesReleased(sql: TableReader): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline) {
    const [held] = await sql.unchecked<{ n: number }>(
      "SELECT count(*)::int AS n FROM bots WHERE listen_until > now() + interval '40 seconds'",
    );
    if (held?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("an event stream's listen lease was not released within 10 s of its client going away");
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const server: FuzzServer = await startFuzzServer(options.dataDir);
  const db = await connect(server.databaseUrl).catch(async (error) => {
    await server.stop();
    throw error;
  });
  try {
    const docResponse = await sendRaw(server.port, {
      method: "GET",
      target: `${API_PREFIX}/openapi.json`,
      headers: [],
    });
    const doc = JSON.parse(docResponse.body.toString("utf8")) as OpenApiDocument;
    const world = await prepareWorld(server);
    log(
      `fuzz: seed ${options.seed} (FUZZ_SEED=${options.seed} replays it), ${options.runs} requests per operation, server on port ${server.port} (${server.dataDir})`,
    );
    const operations = operationsOf(doc).filter((op) => !options.only?.length || options.only.includes(op.id));
    const figures: OperationFigures[] = [];
    // Failures grouped by operation, kind and the detail's head (e.g. `500 text/plain`); the first cases of each
    // group with distinct hostile parts are kept for shrinking.
    const groups = new Map<
      string,
      { operation: Operation; kind: string; detail: string; runs: number; firsts: Map<string, Found> }
    >();
    let serial = 0;

    const execute = async (sql: TableReader, c: FuzzCase): Promise<Outcome> => {
      const before: Fingerprint = await fingerprint([], sql);
      let response: RawResponse | null = null;
      let transportError: string | null = null;
      try {
        response = await sendRaw(server.port, render(c, ++serial));
      } catch (error) {
        transportError = (error as Error).message;
      }
      if (response && isStreamAnswer(response)) await streamLeasesReleased(sql);
      const after = await fingerprint([], sql);
      return { response, transportError, changed: changedTables(before, after) };
    };

    for (const [i, operation] of operations.entries()) {
      const seed = options.seed + i;
      const figure: OperationFigures = { operation, tried: 0, statuses: new Map(), slowestMs: 0 };
      figures.push(figure);
      let index = 0;
      const property = fc.asyncProperty(requestsFor(doc, operation, world), async (c) => {
        const run = index++;
        const outcome = await execute(db.sql, c);
        figure.tried++;
        const status = outcome.response?.status ?? 0;
        figure.statuses.set(status, (figure.statuses.get(status) ?? 0) + 1);
        figure.slowestMs = Math.max(figure.slowestMs, outcome.response?.ms ?? 0);
        const problem = summary(check(doc, operation, c, outcome));
        if (problem) {
          const key = `${operation.id}|${problem.kind}|${head(problem.detail)}`;
          const group = groups.get(key) ?? {
            operation,
            kind: problem.kind,
            detail: problem.detail,
            runs: 0,
            firsts: new Map(),
          };
          groups.set(key, group);
          group.runs++;
          const labels = c.labels.join(",");
          if (!group.firsts.has(labels) && group.firsts.size < SHRINK_PER_GROUP) {
            group.firsts.set(labels, {
              seed,
              index: run,
              labels: c.labels,
              detail: problem.detail,
              request: describeCase(c),
              answer: describeAnswer(outcome.response, outcome.transportError),
            });
          }
        }
        return true;
      });
      await fc.check(property, { numRuns: options.runs, seed });
      log(line(figure));
    }

    // Shrink: replay each kept case from its seed and path, and let fast-check make it smaller while it still fails
    // the same way (same operation, kind and detail head). Different starting cases often shrink to one request.
    const failures: Failure[] = [];
    const deadline = Date.now() + (options.shrinkBudgetMs ?? 60_000);
    for (const group of groups.values()) {
      const examples = new Map<string, Example>();
      for (const first of group.firsts.values()) {
        let smallest: Example | null = null;
        const timeLeft = deadline - Date.now();
        if (timeLeft > 0) {
          const property = fc.asyncProperty(requestsFor(doc, group.operation, world), async (c) => {
            const outcome = await execute(db.sql, c);
            const problem = summary(check(doc, group.operation, c, outcome));
            const same =
              problem && problem.kind === group.kind && head(problem.detail) === head(group.detail) ? problem : null;
            if (same)
              smallest = {
                labels: c.labels,
                detail: same.detail,
                request: describeCase(c),
                answer: describeAnswer(outcome.response, outcome.transportError),
              };
            return !same;
          });
          await fc.check(property, {
            seed: first.seed,
            path: String(first.index),
            numRuns: 1,
            plugins: [fc.interruptAfterTimeLimit(Math.min(timeLeft, 20_000))],
          });
        }
        const example: Example = smallest ?? first;
        examples.set(`${example.labels.join(",")}|${example.request}`, example);
      }
      failures.push({
        operation: `${group.operation.method} ${group.operation.path}`,
        kind: group.kind,
        detail: group.detail,
        runs: group.runs,
        examples: [...examples.values()],
      });
    }

    // The OAuth authorization server's endpoints (not in the OpenAPI document; OAuth's answers, not the API's).
    let oauth: OAuthFigures[] = [];
    const oauthChecks: FuzzReport["checks"] = [];
    if (!options.only?.length || options.only.includes("oauth")) {
      const oauthWorld = await prepareOAuthWorld(server.port);
      const result = await fuzzOAuth({
        port: server.port,
        sql: db.sql,
        runs: Math.max(20, Math.round(options.runs / 10)),
        seed: options.seed,
        world: oauthWorld,
      });
      oauth = result.figures;
      for (const figure of oauth) log(oauthLine(figure));
      for (const f of result.failures) {
        failures.push({
          operation: oauthLine({ ...f, tried: 0, statuses: new Map(), slowestMs: 0 }).split(":")[0]!,
          kind: f.kind,
          detail: f.detail,
          runs: f.runs,
          examples: f.examples.map((e) => ({ ...e, detail: f.detail })),
        });
      }
      oauthChecks.push({
        name: "OAuth: only the registrations answered 201 added clients",
        ok: result.clientsAfter === result.clientsBefore + result.registered,
        detail: `${result.clientsBefore} clients before, ${result.registered} registered (201), ${result.clientsAfter} after`,
      });
    }

    // Every door that redirects a browser on a caller's word (redirects.ts).
    let redirects: RedirectFigures[] = [];
    if (!options.only?.length || options.only.includes("redirects")) {
      const result = await fuzzRedirects({
        port: server.port,
        runs: Math.max(20, Math.round(options.runs / 10)),
        seed: options.seed,
        world: await prepareRedirectWorld(server.port, server.seeded),
      });
      redirects = result.figures;
      for (const figure of redirects) log(redirectLine(figure));
      for (const f of result.failures) {
        failures.push({
          operation: `redirects, ${f.door}`,
          kind: f.kind,
          detail: f.detail,
          runs: f.runs,
          examples: f.examples.map((e) => ({ ...e, detail: f.detail })),
        });
      }
    }

    const checks = [...(await protocolChecks(server, world)), ...oauthChecks];
    const alive = await sendRaw(server.port, {
      method: "GET",
      target: `${API_PREFIX}/me`,
      headers: [["Authorization", `Bearer ${Object.values(world.keys)[0]}`]],
    }).catch(() => null);
    checks.push({
      name: "the server answers GET /me after the run",
      ok: alive?.status === 200,
      detail: `${alive?.status ?? "no answer"}`,
    });
    const seconds = (performance.now() - started) / 1000;
    const report: FuzzReport = {
      seed: options.seed,
      runs: options.runs,
      figures,
      oauth,
      redirects,
      failures,
      checks,
      seconds,
      text: "",
    };
    report.text = format(report);
    return report;
  } finally {
    await db.end().catch(() => {});
    await server.stop();
  }
}

function line(figure: OperationFigures): string {
  const statuses = [...figure.statuses.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([status, count]) => `${status || "no answer"} x ${count}`);
  return `${figure.operation.method} ${figure.operation.path}: ${figure.tried} tried; ${statuses.join(", ")} (slowest ${Math.round(figure.slowestMs)} ms)`;
}

function format(report: FuzzReport): string {
  const out = [
    `fuzz: seed ${report.seed}, ${report.runs} requests per operation, ${[...report.figures, ...report.oauth, ...report.redirects].reduce((sum, f) => sum + f.tried, 0)} in all, ${report.seconds.toFixed(0)} s`,
  ];
  out.push(...report.figures.map(line));
  out.push(...report.oauth.map(oauthLine));
  out.push(...report.redirects.map(redirectLine));
  out.push("", "protocol checks:");
  out.push(...report.checks.map((c) => `  ${c.ok ? "ok  " : "FAIL"} ${c.name}: ${c.detail}`));
  out.push(
    "",
    report.failures.length
      ? `${report.failures.length} distinct failures (smallest request found by shrinking):`
      : "no failures",
  );
  report.failures.forEach((f, i) => {
    out.push(`${i + 1}. ${f.operation}: ${f.kind} (${f.detail}) in ${f.runs} run${f.runs === 1 ? "" : "s"}`);
    for (const example of f.examples) {
      out.push(`   hostile parts: ${example.labels.join(", ")}`);
      out.push(`   ${example.request.replaceAll("\n", "\n   ")}`);
      out.push(`   answer: ${example.answer.replaceAll("\n", "\n   ")}`);
    }
  });
  return out.join("\n");
}

// ---------------------------------------------------------------------------------------------------------------
// What cannot be asked of an operation: requests Node's HTTP parser refuses before the app sees them (they cannot
// carry the JSON error shape), methods no operation has, and the server staying up through them.

async function protocolChecks(server: FuzzServer, world: FuzzWorld): Promise<FuzzReport["checks"]> {
  const key = Object.values(world.keys)[0]!;
  const auth: [string, string] = ["Authorization", `Bearer ${key}`];
  const checks: FuzzReport["checks"] = [];
  const up = async () =>
    (await sendRaw(server.port, { method: "GET", target: `${API_PREFIX}/me`, headers: [auth] }).catch(() => null))
      ?.status === 200;
  const expect = async (name: string, request: RawRequest, ok: (r: RawResponse) => boolean) => {
    const response = await sendRaw(server.port, request).catch((error: Error) => error);
    const answered =
      response instanceof Error
        ? `no answer (${response.message})`
        : `${response.status} ${response.headers["content-type"] ?? ""}`.trim();
    const alive = await up();
    const passed = (() => {
      try {
        return !(response instanceof Error) && ok(response);
      } catch {
        return false;
      }
    })();
    checks.push({ name, ok: passed && alive, detail: `${answered}; server ${alive ? "up" : "DOWN"} after` });
  };

  await expect(
    "a head over Node's 16 KiB limit is 431",
    { method: "GET", target: `${API_PREFIX}/me`, headers: [auth, ["X-Fuzz-Padding", "p".repeat(20 * 1024)]] },
    (r) => r.status === 431,
  );
  await expect(
    "a header value with a control character is refused by Node (400)",
    { method: "GET", target: `${API_PREFIX}/me`, headers: [auth, ["X-Fuzz", "a\u0001b"]] },
    (r) => r.status === 400,
  );
  await expect(
    "Content-Length with Transfer-Encoding is refused by Node (400)",
    {
      method: "POST",
      target: `${API_PREFIX}/conversations/${world.ids.conversations![0]}/drafts`,
      headers: [auth, ["Transfer-Encoding", "chunked"], ["Content-Length", "5"]],
      body: Buffer.from("0\r\n\r\n"),
    },
    (r) => r.status === 400,
  );
  await expect(
    "a raw non-ASCII byte in the path is refused without a 5xx",
    { method: "GET", target: `${API_PREFIX}/conversations/\u00ff/messages`, headers: [auth] },
    (r) => r.status < 500,
  );

  const withRequestId = (r: RawResponse) => r.status < 500 && Boolean(r.headers["x-request-id"]);
  await expect(
    "GET /openapi.json carries X-Request-Id",
    { method: "GET", target: `${API_PREFIX}/openapi.json`, headers: [] },
    withRequestId,
  );
  await expect(
    "OPTIONS /conversations/{id}/messages carries X-Request-Id",
    {
      method: "OPTIONS",
      target: `${API_PREFIX}/conversations/${world.ids.conversations![0]}/messages`,
      headers: [auth],
    },
    withRequestId,
  );
  await expect(
    "HEAD /me carries X-Request-Id",
    { method: "HEAD", target: `${API_PREFIX}/me`, headers: [auth] },
    withRequestId,
  );

  // Issue 31: the bot's request rate. With a rate of 1 and bursts of 2, four quick requests overrun it: 429
  // `deferred` with `rate_limit_second`, Retry-After in whole seconds and the RateLimit fields; then the rate is
  // put back where the fuzz keeps it.
  const slug = server.seeded.workspace.slug;
  await cli(server.dataDir, "workspace", "settings", slug, "--rate-per-second", "1", "--rate-burst", "2");
  await new Promise((resolve) => setTimeout(resolve, 2100)); // a full bucket of two
  const quick = await Promise.all(
    Array.from({ length: 4 }, () =>
      sendRaw(server.port, { method: "GET", target: `${API_PREFIX}/me`, headers: [auth] }).catch(() => null),
    ),
  );
  await cli(server.dataDir, "workspace", "settings", slug, "--rate-per-second", "1000", "--rate-burst", "1000");
  const refused = quick.filter((r): r is RawResponse => r?.status === 429);
  const shaped = refused.every((r) => {
    const error = (JSON.parse(r.body.toString("utf8")) as { error?: { code?: string; reasons?: string[] } }).error;
    return (
      error?.code === "deferred" &&
      JSON.stringify(error.reasons) === '["rate_limit_second"]' &&
      /^[1-9]\d*$/.test(r.headers["retry-after"] ?? "") &&
      /^"second";r=0;t=\d+$/.test(r.headers.ratelimit ?? "") &&
      /^"second";q=2;w=2, "day";/.test(r.headers["ratelimit-policy"] ?? "")
    );
  });
  checks.push({
    name: "a bot over its request rate is deferred: 429 rate_limit_second, Retry-After and RateLimit fields",
    ok: refused.length >= 1 && shaped && quick.filter((r) => r?.status === 200).length >= 2,
    detail: quick.map((r) => r?.status ?? "no answer").join(", "),
  });

  for (const [target, allowed] of [
    ["/me", ["GET"]],
    ["/conversations", ["GET"]],
    [`/conversations/${world.ids.conversations![0]}/messages`, ["GET", "POST"]],
    [`/messages/${world.ids.messages![0]}`, ["PATCH"]],
    ["/attachments", ["POST"]],
  ] as [string, string[]][]) {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => !allowed.includes(m))) {
      await expect(
        `${method} ${target.replace(/[0-9a-f-]{36}/, "{id}")} is a JSON 405 with Allow`,
        { method, target: `${API_PREFIX}${target}`, headers: [auth] },
        (r) => {
          const body = JSON.parse(r.body.toString("utf8") || "{}") as {
            error?: { code?: string; request_id?: string };
          };
          return (
            r.status === 405 &&
            body.error?.code === "method_not_allowed" &&
            body.error.request_id === r.headers["x-request-id"] &&
            r.headers.allow === [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ")
          );
        },
      );
    }
  }
  return checks;
}
