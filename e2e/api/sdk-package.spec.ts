import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { expect, test } from "@playwright/test";
import createClient from "openapi-fetch";
import type { paths } from "@/sdk/api-types";
import { cli, demoWorld, idem, newConversation } from "../fixtures";

// The SDK as a developer gets it: built (tsdown), packed (`npm pack`), installed from the tarball into a fresh
// project with no network, and its README's quick start run exactly as written, as an ES module and as CommonJS,
// against the running app: real API calls, a real 201 and a real 202, and real signed webhooks (a ping and a
// person's message) that the quick start's handler verifies. Then a client generated from the OpenAPI document
// (openapi-fetch with the generated types) runs the same API steps.

test.describe.configure({ mode: "serial" });

const root = path.resolve(".");
let project = "";
let quickstart = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  project = mkdtempSync(path.join(tmpdir(), "relay-sdk-quickstart-"));
  const packs = path.join(project, "packs");
  mkdirSync(packs);
  execFileSync("npm", ["run", "--silent", "sdk:build"], { cwd: root, stdio: "ignore" });
  const [packed] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", packs], {
      cwd: path.join(root, "sdk"),
      encoding: "utf8",
    }),
  ) as { filename: string; files: { path: string }[] }[];
  // Only the builds, their types, the README, the changelog and package.json: no sources, no tests.
  expect(packed!.files.map((file) => file.path).sort()).toEqual([
    "CHANGELOG.md",
    "README.md",
    "dist/bin.mjs",
    "dist/index.cjs",
    "dist/index.d.cts",
    "dist/index.d.mts",
    "dist/index.mjs",
    "package.json",
  ]);
  writeFileSync(
    path.join(project, "package.json"),
    JSON.stringify({ name: "my-bot", version: "1.0.0", private: true }),
  );
  // --offline: the SDK has no dependencies, so installing it must not need a registry.
  execFileSync(
    "npm",
    ["install", path.join(packs, packed!.filename), "--offline", "--no-audit", "--no-fund", "--no-package-lock"],
    { cwd: project, stdio: "ignore" },
  );
  const installed = JSON.parse(readFileSync(path.join(project, "node_modules/@relay/sdk/package.json"), "utf8"));
  expect(installed).toMatchObject({ name: "@relay/sdk", type: "module" });
  expect(installed.dependencies).toBeUndefined();
  // The package's `relay` command (relay listen, relay trigger) is installed and answers its usage.
  const usage = execFileSync(path.join(project, "node_modules/.bin/relay"), ["--help"], { encoding: "utf8" });
  expect(usage).toContain("relay listen --forward-to URL");

  const readme = readFileSync(path.join(root, "sdk/README.md"), "utf8");
  const block = /```js quickstart\n([\s\S]*?)\n```/.exec(readme);
  expect(block, "sdk/README.md has a ```js quickstart block").not.toBeNull();
  quickstart = `${block![1]!}\n`;
});

test.afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

/** The README's block as an ES module (as is) or as CommonJS (its `// CommonJS:` lines instead of its imports). */
function quickstartAs(format: "mjs" | "cjs"): string {
  if (format === "mjs") return quickstart;
  const lines = quickstart.split("\n");
  const imports = lines.filter((line) => line.startsWith("import "));
  const requires = lines.filter((line) => line.startsWith("// CommonJS: "));
  expect(requires).toHaveLength(imports.length);
  return lines
    .filter((line) => !line.startsWith("import "))
    .map((line) => line.replace(/^\/\/ CommonJS: /, ""))
    .join("\n");
}

interface Running {
  lines: string[];
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  stop(): void;
}

function run(file: string, env: Record<string, string>): Running {
  const child: ChildProcess = spawn(process.execPath, [file], {
    cwd: project,
    // A clean environment: nothing of the test runner's (its NODE_OPTIONS, say) reaches the developer's script.
    env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const waiting = new Set<() => void>();
  const collect = (line: string) => {
    lines.push(line);
    for (const wake of waiting) wake();
  };
  createInterface({ input: child.stdout! }).on("line", collect);
  createInterface({ input: child.stderr! }).on("line", (line) => collect(`stderr: ${line}`));
  let exited = false;
  child.on("exit", () => {
    exited = true;
    for (const wake of waiting) wake();
  });
  return {
    lines,
    waitFor: (pattern, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          for (const line of lines) {
            const match = pattern.exec(line);
            if (match) return finish(() => resolve(match));
          }
          if (exited) finish(() => reject(new Error(`exited before ${pattern}:\n${lines.join("\n")}`)));
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`no line matched ${pattern} in ${timeoutMs} ms:\n${lines.join("\n")}`))),
          timeoutMs,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          waiting.delete(check);
          settle();
        };
        waiting.add(check);
        check();
      }),
    stop: () => {
      if (!exited) child.kill();
    },
  };
}

for (const [format, established] of [
  ["mjs", true],
  ["cjs", false],
] as const) {
  test(`the README's quick start runs from the installed tarball as ${format === "mjs" ? "an ES module" : "CommonJS"} (${established ? "201 sent" : "202 held"})`, async ({
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const world = demoWorld();
    const ana = world.people[0]!;
    const tag = `${format}-${Date.now().toString(36)}`;
    const bot = cli(
      "bot",
      "create",
      "--workspace",
      world.workspace.slug,
      "--handle",
      `quickstart-${tag}`,
      "--name",
      "Quick start",
      ...(established ? ["--established"] : []),
      "--json",
    ) as { handle: string; api_key: string; signing_secret: string };
    const conversationId = newConversation(ana.email, `Quick start ${tag}`, { bot: bot.handle });

    const file = path.join(project, `quickstart.${format}`);
    writeFileSync(file, quickstartAs(format));
    const app = run(file, {
      RELAY_URL: baseURL!,
      RELAY_API_KEY: bot.api_key,
      RELAY_SIGNING_SECRET: bot.signing_secret,
      PORT: "0",
    });
    try {
      const [, url] = await app.waitFor(/^webhooks: (http:\/\/127\.0\.0\.1:\d+\/)$/);
      expect(app.lines.slice(0, 4)).toEqual([
        `signed in as @${bot.handle}`,
        `conversation ${conversationId}: Quick start ${tag}`,
        established ? "sent as message #1" : expect.stringMatching(/^held for approval: [0-9a-f-]{36} \(new_bot\)$/),
        expect.stringMatching(/^refused: 422 invalid_body \(request \S+\)$/),
      ]);

      // Real deliveries from Relay, signed with the bot's secret, verified by the quick start's handler.
      cli("bot", "update", bot.handle, "--webhook-url", url!);
      expect(cli("bot", "ping", bot.handle)).toMatchObject({ status: "succeeded", response_status: 200 });
      await app.waitFor(/^webhook ping \S+$/);
      cli("message", "post", "--conversation", conversationId, "--body", `Hi from Ana (${tag})`, "--as", ana.email);
      await app.waitFor(new RegExp(`^webhook message\\.created \\S+: Hi from Ana \\(${tag}\\)$`));

      // And a forged one is refused.
      const forged = await fetch(url!, {
        method: "POST",
        headers: {
          "X-Service-Timestamp": String(Math.floor(Date.now() / 1000)),
          "X-Service-Signature": `sha256=${"0".repeat(64)}`,
        },
        body: JSON.stringify({ id: "evt_forged", type: "ping", created_at: new Date().toISOString(), data: {} }),
      });
      expect(forged.status).toBe(401);
      await app.waitFor(/^webhook rejected: invalid_signature$/);
      expect(app.lines.filter((line) => line.startsWith("stderr:"))).toEqual([]);
    } finally {
      app.stop();
      cli("bot", "update", bot.handle, "--webhook-url", "");
    }
  });
}

test("the installed package's types resolve for ES module and CommonJS TypeScript (NodeNext)", () => {
  const check = `import { RelayClient, type RelayApiError, type SendMessageResult } from "@relay/sdk";
const relay = new RelayClient({ baseUrl: "http://localhost:3000", apiKey: "amk_x" });
export async function reply(conversationId: string): Promise<string> {
  const result: SendMessageResult = await relay.sendMessage(conversationId, { body: "Hello" });
  for await (const conversation of relay.paginateConversations({ limit: 10 })) void conversation.last_message_at;
  return result.status === "sent" ? String(result.seq) : result.approval_id;
}
// @ts-expect-error one casing: the API's request_id, no camelCase alias
export const requestId = (error: RelayApiError) => error.requestId;
// @ts-expect-error the request body is typed from the OpenAPI document
export const wrong = () => relay.sendMessage("c", { text: "Hello" });
`;
  writeFileSync(path.join(project, "check.mts"), check);
  writeFileSync(path.join(project, "check.cts"), check);
  const out = execFileSync(
    process.execPath,
    [
      path.join(root, "node_modules/typescript/bin/tsc"),
      "--noEmit",
      "--strict",
      "--module",
      "nodenext",
      "--moduleResolution",
      "nodenext",
      "--target",
      "es2022",
      "--typeRoots",
      path.join(root, "node_modules/@types"),
      "--types",
      "node",
      "--listFiles",
      "check.mts",
      "check.cts",
    ],
    { cwd: project, encoding: "utf8" },
  );
  // Each file found the declaration of its own format, through the exports map.
  expect(out).toContain(path.join("node_modules", "@relay", "sdk", "dist", "index.d.mts"));
  expect(out).toContain(path.join("node_modules", "@relay", "sdk", "dist", "index.d.cts"));
});

test("a client generated from the OpenAPI document runs the same steps (openapi-fetch)", async ({
  request,
  baseURL,
}) => {
  const world = demoWorld();
  const [helper, scheduler] = world.bots as [(typeof world.bots)[number], (typeof world.bots)[number]];
  const document = (await (await request.get("/api/public/v1/openapi.json")).json()) as { servers: { url: string }[] };
  // The document's own server URL; resolved against the app's address when it is relative (it is absolute once the
  // document takes it from APP_URL, and then used as is).
  const serverUrl = document.servers[0]!.url;
  test.info().annotations.push({ type: "servers[0].url", description: serverUrl });
  const baseUrl = new URL(serverUrl, baseURL).href;
  const client = (key: string) => createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${key}` } });

  const relay = client(helper.api_key);
  const me = await relay.GET("/me");
  expect(me.data?.bot.handle).toBe(helper.handle);
  const conversations = await relay.GET("/conversations", { params: { query: { limit: 50 } } });
  expect(conversations.data?.data.map((conversation) => conversation.id)).toContain(world.conversations[1]!.id);

  const sent = await relay.POST("/conversations/{id}/messages", {
    params: { path: { id: world.conversations[1]!.id }, header: { "Idempotency-Key": idem() } },
    body: { body: "Hello from a generated client" },
  });
  expect(sent.response.status).toBe(201);
  expect(sent.data?.data).toMatchObject({ status: "sent", body: "Hello from a generated client" });

  const held = await client(scheduler.api_key).POST("/conversations/{id}/messages", {
    params: { path: { id: world.conversations[2]!.id }, header: { "Idempotency-Key": idem() } },
    body: { body: "Tuesday, from a generated client?" },
  });
  expect(held.response.status).toBe(202);
  expect(held.data?.data).toMatchObject({ status: "pending_approval", reasons: ["new_bot"] });

  const refused = await relay.GET("/conversations/{id}/messages", {
    params: { path: { id: world.conversations[1]!.id }, query: { limit: 500 } },
  });
  expect(refused.response.status).toBe(422);
  expect(refused.error?.error).toMatchObject({ code: "invalid_body", request_id: expect.any(String) });
});
