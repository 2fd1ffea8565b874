import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { cli } from "@/test/cli";
import { startMcpHttp, type McpHttp } from "@/test/mcp";
import { TOOLS } from "./server";

// An independent client: the official MCP Inspector's CLI (`@modelcontextprotocol/inspector-cli`, what
// `npx @modelcontextprotocol/inspector --cli` runs; the launcher package itself declares Node >= 22, this one does
// not) against the route served over HTTP, with a token the person made with `npm run cli -- token create` (here
// in this process: test/cli.ts). It runs as docs/guides/mcp-clients.md's command, word for word but the URL and
// the token: `npx -y @modelcontextprotocol/inspector-cli@0.17.0 --cli <url> --transport http --header
// "Authorization: Bearer rpt_..." --method tools/list`, from the project's folder (npx finds the devDependency of
// that exact version).
const run = promisify(execFile);
/** The Inspector CLI version the MCP guide names, the devDependency (1.0.x imports ../package.json of the cwd). */
const INSPECTOR_CLI = "@modelcontextprotocol/inspector-cli@0.17.0";

async function exec(
  command: string,
  args: string[],
  cwd?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd,
      env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
const inspector = (token: string, ...args: string[]) =>
  exec("npx", [
    "-y",
    INSPECTOR_CLI,
    "--cli",
    http.url,
    "--transport",
    "http",
    "--header",
    `Authorization: Bearer ${token}`,
    ...args,
  ]);

let world: SeededWorld;
let http: McpHttp;

beforeAll(async () => {
  world = await seedWorld();
  http = await startMcpHttp();
});

afterAll(async () => {
  await http?.close();
});

describe("token CLI and the MCP Inspector", { timeout: 120_000 }, () => {
  it("is the command docs/guides/mcp-clients.md gives, at the devDependency's version", async () => {
    const { readFileSync } = await import("node:fs");
    const guide = readFileSync("docs/guides/mcp-clients.md", "utf8").replace(/\s+/g, " ");
    expect(guide).toContain(
      `npx -y ${INSPECTOR_CLI} --cli http://localhost:3000/api/mcp --transport http ` +
        `--header "Authorization: Bearer rpt_YOUR_TOKEN" --method tools/list`,
    );
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { devDependencies: Record<string, string> };
    expect(`@modelcontextprotocol/inspector-cli@${pkg.devDependencies["@modelcontextprotocol/inspector-cli"]}`).toBe(
      INSPECTOR_CLI,
    );
  });

  it("a person creates a token with the CLI; the Inspector lists the tools and calls one; revoked, it is refused", async () => {
    const ana = world.people[0]!.email;
    const usage = await cli("token", "create", "--workspace", world.workspace.slug, "--name", "inspector");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--as EMAIL is required");

    const created = await cli(
      "token",
      "create",
      "--workspace",
      world.workspace.slug,
      "--name",
      "inspector",
      "--scope",
      "write",
      "--as",
      ana,
    );
    expect(created.code).toBe(0);
    const token = JSON.parse(created.stdout) as {
      id: string;
      token: string;
      prefix: string;
      scopes: string[];
      workspace: { slug: string };
    };
    expect(token).toMatchObject({ scopes: ["read", "write"], workspace: { slug: world.workspace.slug } });
    expect(token.token).toMatch(/^rpt_[0-9A-Za-z]{38}$/);
    expect(token.token.startsWith(token.prefix)).toBe(true);

    const listed = await inspector(token.token, "--method", "tools/list");
    expect(listed.stderr).not.toContain("Error");
    expect(listed.code).toBe(0);
    const tools = (JSON.parse(listed.stdout) as { tools: { name: string; annotations: Record<string, boolean> }[] })
      .tools;
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());
    expect(tools.find((t) => t.name === "reject_draft")!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });

    const called = await inspector(
      token.token,
      "--method",
      "tools/call",
      "--tool-name",
      "list_conversations",
      "--tool-arg",
      "limit=2",
    );
    expect(called.code).toBe(0);
    const result = JSON.parse(called.stdout) as {
      structuredContent: { untrusted: boolean; data: { conversations: unknown[]; total: number } };
    };
    expect(result.structuredContent).toMatchObject({ untrusted: true, data: { total: 3 } });
    expect(result.structuredContent.data.conversations).toHaveLength(2);

    const mine = JSON.parse((await cli("token", "list", "--as", ana)).stdout) as {
      data: { id: string; last_used_at: string | null }[];
    };
    expect(mine.data.map((t) => t.id)).toEqual([token.id]);
    expect(mine.data[0]!.last_used_at).not.toBeNull();
    expect(JSON.parse((await cli("token", "revoke", token.id, "--as", world.people[1]!.email)).stderr).error.code).toBe(
      "not_found",
    );
    expect(JSON.parse((await cli("token", "revoke", token.id, "--as", ana)).stdout)).toMatchObject({
      id: token.id,
      revoked_at: expect.any(String),
    });

    const refused = await inspector(token.token, "--method", "tools/list");
    expect(refused.code).not.toBe(0);
    expect(refused.stderr + refused.stdout).toMatch(/401|revoked|Unauthorized/i);
  });
});
