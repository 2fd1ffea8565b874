import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { freePort } from "@/lib/db/embedded";
import { Browser } from "@/test/browser";
import { signIn } from "@/test/person-client";
import { builtServerCli, demoCredentials, startBuiltServer } from "./built-server";

// `npm run test:mcp-conformance`: the official conformance suite (@modelcontextprotocol/conformance, pinned) against
// the BUILT app (`npm run build` first), on a fresh embedded database. The package needs Node 22 (the project's is
// 20), so it runs through `npx -p node@22`, fetched from the npm registry at run time: not part of `npm test`.
//
// The app stands behind a small front proxy whose origin is APP_URL (so the OAuth issuer, the resource and the
// Origin the suite sends as "valid localhost" are the same). The proxy adds `Authorization: Bearer rpt_...` (a
// personal access token made by the CLI) to MCP requests that carry none: the `server` scenarios call without a
// credential. The `authorization` scenarios test the authorization server: a client registered by DCR, the
// authorization URL the suite prints opened by a cookie-jar browser signed in as the demo's Ana, consent allowed.
//
// Server scenarios that exercise the suite's reference-server fixtures (tools named test_*, resources, prompts,
// completions, logging, sampling, elicitation) are not run: NOT_APPLICABLE says why, one by one. Exits 1 when an
// applicable scenario fails, or when the suite's active list has a scenario this file does not classify.

const PACKAGE = "@modelcontextprotocol/conformance@0.2.0-alpha.12";
const OUT = ".data/mcp-conformance";
/** The MCP revision Relay implements (the SDK's latest): the suite's scenario set and wire version for it. */
const REVISION = "2025-11-25";

/** Run: initialize, ping, tools, errors, the transport and origin checks. */
const SERVER_SCENARIOS = [
  "server-initialize",
  "server-session-lifecycle",
  "ping",
  "tools-list",
  // Calls the fixture tool test_error_handling, which Relay does not have: what it checks (a failed call comes back as
  // a tool error, isError with a message) is what Relay answers for it ("Tool test_error_handling not found").
  "tools-call-error",
  "server-sse-multiple-streams",
  "dns-rebinding-protection",
];
const AUTHORIZATION_SCENARIOS = ["authorization-server-metadata-endpoint", "authorization-code-grant"];

const FIXTURE_TOOL = "calls the reference server's fixture tool";
const NO_RESOURCES = "Relay declares no resources capability";
const NO_PROMPTS = "Relay declares no prompts capability";
const NOT_APPLICABLE: Record<string, string> = {
  "logging-set-level": "Relay declares no logging capability (tools only)",
  "completion-complete": "completes the fixture prompt test_prompt_with_arguments; Relay declares no completions",
  "tools-call-simple-text": `${FIXTURE_TOOL} test_simple_text`,
  "tools-call-image": `${FIXTURE_TOOL} test_image_content`,
  "tools-call-audio": `${FIXTURE_TOOL} test_audio_content`,
  "tools-call-embedded-resource": `${FIXTURE_TOOL} test_embedded_resource`,
  "tools-call-mixed-content": `${FIXTURE_TOOL} test_multiple_content_types`,
  "tools-call-with-logging": `${FIXTURE_TOOL} test_tool_with_logging (log notifications)`,
  "tools-call-with-progress": `${FIXTURE_TOOL} test_tool_with_progress (progress notifications)`,
  "tools-call-sampling": `${FIXTURE_TOOL} test_sampling (sampling/createMessage)`,
  "tools-call-elicitation": `${FIXTURE_TOOL} test_elicitation (elicitation/create)`,
  "elicitation-sep1034-defaults": `${FIXTURE_TOOL} test_elicitation_sep1034_defaults`,
  "elicitation-sep1330-enums": `${FIXTURE_TOOL} test_elicitation_sep1330_enums`,
  "resources-list": NO_RESOURCES,
  "resources-read-text": NO_RESOURCES,
  "resources-read-binary": NO_RESOURCES,
  "resources-templates-read": NO_RESOURCES,
  "resources-subscribe": NO_RESOURCES,
  "resources-unsubscribe": NO_RESOURCES,
  "prompts-list": NO_PROMPTS,
  "prompts-get-simple": NO_PROMPTS,
  "prompts-get-with-args": NO_PROMPTS,
  "prompts-get-embedded-resource": NO_PROMPTS,
  "prompts-get-with-image": NO_PROMPTS,
};

interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO";
  errorMessage?: string;
}
interface Row {
  scenario: string;
  result: "passed" | "failed" | "not applicable";
  note: string;
}

/** The suite's CLI under Node 22; `onLine` sees each line it prints. Resolves with its exit code and output. */
function conformance(args: string[], onLine?: (line: string) => void): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["-y", "-p", "node@22", "-p", PACKAGE, "--", "conformance", ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let partial = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
      partial += chunk;
      const lines = partial.split("\n");
      partial = lines.pop()!;
      for (const line of lines) onLine?.(line);
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * A scenario's result from the checks.json the suite wrote in its folder of `dir` (`<prefix><scenario>-<time>`).
 * Failed when a check failed; not applicable when the suite checked nothing (it says why: skipped, info, warning).
 */
function judge(scenario: string, dir: string, prefix: string, run: { code: number; output: string }): Row {
  const folder = existsSync(dir) ? readdirSync(dir).find((f) => f.startsWith(`${prefix}${scenario}-`)) : undefined;
  if (!folder) return { scenario, result: "failed", note: `no result; the suite said:\n${run.output.slice(-2000)}` };
  const checks = JSON.parse(readFileSync(path.join(dir, folder, "checks.json"), "utf8")) as Check[];
  const succeeded = checks.filter((c) => c.status === "SUCCESS").length;
  const failures = checks.filter((c) => c.status === "FAILURE");
  const others = checks.filter((c) => c.status !== "SUCCESS" && c.status !== "FAILURE");
  const said = (c: Check & { details?: { message?: string } }) =>
    `${c.status} ${c.id}: ${c.errorMessage ?? c.details?.message ?? ""}`;
  if (!failures.length && !succeeded)
    return { scenario, result: "not applicable", note: `the suite checked nothing: ${others.map(said).join("; ")}` };
  const note = [`${succeeded}/${checks.length} checks succeeded`, ...failures.map(said), ...others.map(said)];
  return { scenario, result: failures.length ? "failed" : "passed", note: note.join("; ") };
}

/** The front proxy: forwards to the app, streaming both ways; adds the bearer to MCP requests that have none. */
function startProxy(port: number, appPort: number, token: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers };
    if (req.url?.startsWith("/api/mcp") && !headers.authorization) headers.authorization = `Bearer ${token}`;
    const upstream = http.request(
      { host: "127.0.0.1", port: appPort, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

/**
 * `authorization` (its scenarios in one run: the code grant reads the metadata scenario's answer): a client registered
 * by DCR, and the person's browser that signs in and allows when the suite prints its authorization URL.
 */
async function runAuthorization(origin: string, cookie: string, workspaceId: string): Promise<Row[]> {
  const callbackPort = await freePort();
  const callback = `http://127.0.0.1:${callbackPort}/callback`;
  const registered = await fetch(`${origin}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "MCP conformance",
      redirect_uris: [callback],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
    }),
  });
  const { client_id } = (await registered.json()) as { client_id: string };
  const errors: string[] = [];
  let consent: Promise<void> = Promise.resolve();
  const dir = `${OUT}/authorization`;
  const run = await conformance(
    // prettier-ignore
    ["authorization", "--url", origin, "--client-id", client_id, "--resource", `${origin}/api/mcp`,
      "--spec-version", REVISION, "-p", String(callbackPort), "-o", dir],
    (line) => {
      if (!line.startsWith(`${origin}/oauth/authorize?`)) return;
      consent = allow(origin, line.trim(), cookie, workspaceId, callback).catch((e: Error) => {
        errors.push(e.message);
      });
    },
  );
  await consent;
  return AUTHORIZATION_SCENARIOS.map((scenario) => {
    const row = judge(scenario, dir, "authorization-server-", run);
    return errors.length ? { ...row, result: "failed", note: `${row.note}; browser: ${errors.join("; ")}` } : row;
  });
}

/** The person's browser: the authorization URL to the consent page, Allow (read and write), back to the callback. */
async function allow(origin: string, url: string, cookie: string, workspaceId: string, callback: string) {
  const browser = new Browser();
  browser.jar.set(cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1));
  const atPage = await browser.follow(url, origin);
  const uid = /^\/oauth\/consent\/([^/]+)$/.exec(atPage.url.pathname)?.[1];
  if (!uid) throw new Error(`the authorization URL led to ${atPage.url.href}, not the consent page`);
  const back = await browser.follow(`${origin}/oauth/consent/${uid}/decision`, origin, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ decision: "allow", workspace: workspaceId, write: "on" }).toString(),
  });
  if (!back.url.href.startsWith(callback)) throw new Error(`consent led to ${back.url.href}, not the callback`);
  await fetch(back.url);
}

async function main(): Promise<number> {
  if (!existsSync(path.join(".next", "BUILD_ID"))) throw new Error("no build: run `npm run build` first");
  // What the suite holds for a 2025-11-25 server: the scenarios that revision requires, and those added after its
  // release (run and reported, not scored); not its pending ones, nor draft-only or extension scenarios.
  const listed = (await conformance(["list", "--requirements", REVISION])).output;
  const pending = listed.search(/^ {2}pending \(/m);
  const beforePending = pending < 0 ? listed : listed.slice(0, pending);
  const required = /^Server scenarios.*\n((?: {2}- \S+\n)+)/m.exec(listed)?.[1] ?? "";
  const activeServer = [
    ...[...required.matchAll(/- (\S+)/g)].map((m) => m[1]!),
    ...[...beforePending.matchAll(/^ {4}- (\S+) \[server\]$/gm)].map((m) => m[1]!),
  ];
  if (activeServer.length === 0) throw new Error(`could not read the suite's scenarios:\n${listed}`);

  const [appPort, port] = [await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = `${OUT}/data`;
  rmSync(OUT, { recursive: true, force: true });
  const app = await startBuiltServer({
    port: appPort,
    dataDir,
    env: { APP_URL: origin, RUN_WORKER: "false" },
    ready: async () => (await fetch(`http://127.0.0.1:${appPort}/.well-known/oauth-authorization-server`)).ok,
  });
  let proxy: http.Server | undefined;
  try {
    const demo = demoCredentials(dataDir);
    const ana = demo.people[0]!;
    const created = (await builtServerCli(
      dataDir,
      ...["token", "create", "--workspace", demo.workspace.slug, "--name", "conformance", "--scope", "read,write"],
      ...["--as", ana.email],
    )) as { token: string };
    proxy = await startProxy(port, appPort, created.token);

    const rows: Row[] = [];
    for (const scenario of SERVER_SCENARIOS) {
      const dir = `${OUT}/${scenario}`;
      // prettier-ignore
      const run = await conformance(
        ["server", "--url", `${origin}/api/mcp`, "--scenario", scenario, "--spec-version", REVISION, "-o", dir],
      );
      rows.push(judge(scenario, dir, "server-", run));
      console.error(`${scenario}: ${rows.at(-1)!.result}`);
    }
    const cookie = await signIn(origin, ana.email, ana.password);
    rows.push(...(await runAuthorization(origin, cookie, demo.workspace.id)));
    for (const scenario of activeServer.filter((name) => !SERVER_SCENARIOS.includes(name)))
      rows.push(
        NOT_APPLICABLE[scenario]
          ? { scenario, result: "not applicable", note: NOT_APPLICABLE[scenario] }
          : { scenario, result: "failed", note: `not classified in scripts/mcp-conformance.ts: read its definition` },
      );

    const width = Math.max(...rows.map((r) => r.scenario.length));
    console.log(`${PACKAGE} against the built app (results in ${OUT}/<scenario>)\n`);
    for (const row of rows) console.log(`${row.scenario.padEnd(width)}  ${row.result.padEnd(14)}  ${row.note}`);
    const failed = rows.filter((r) => r.result === "failed");
    const count = (result: Row["result"]) => rows.filter((r) => r.result === result).length;
    console.log(`\n${count("passed")} passed, ${failed.length} failed, ${count("not applicable")} not applicable`);
    return failed.length ? 1 : 0;
  } finally {
    proxy?.close();
    await app.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error);
    process.exit(1);
  },
);
