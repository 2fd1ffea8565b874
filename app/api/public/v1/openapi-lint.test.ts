import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildOpenApiDocument } from "./openapi-document";

// The document passes two outside linters with zero findings (issue 20): Redocly's `recommended-strict` (redocly.yaml)
// and Spectral's `spectral:oas` (.spectral.yaml), no rule turned off. Each runs on the built document written to a
// temporary file; every finding, error or warning, fails with its rule and place. Redocly never calls home here.
// The server URL is a real-looking origin: Redocly's no-server-example.com rightly flags a document built for
// example.com or localhost (the default APP_URL), which a deployment does not publish.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../../..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
const quiet = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };

const dir = mkdtempSync(path.join(tmpdir(), "relay-openapi-"));
const file = path.join(dir, "openapi.json");
writeFileSync(file, JSON.stringify(buildOpenApiDocument("https://relay.example"), null, 2));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The command's stdout whether it exits 0 or not (a linter exits non-zero when it finds something). */
async function output(command: string, args: string[]): Promise<string> {
  try {
    return (await run(command, args, { cwd: root, env: quiet, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    if (!stdout) throw new Error(`${command} failed: ${stderr}`);
    return stdout;
  }
}

describe("the OpenAPI document under outside linters", () => {
  it("is linted by Redocly's recommended-strict, with no rule turned off or down", () => {
    const config = parse(readFileSync(path.join(root, "redocly.yaml"), "utf8")) as {
      extends?: string[];
      rules?: Record<string, string | { severity?: string }>;
    };
    expect(config.extends).toEqual(["recommended-strict"]);
    // Rules may be added or raised (parameter-description is off in recommended-strict and on here), never lowered.
    for (const [rule, setting] of Object.entries(config.rules ?? {}))
      expect(typeof setting === "string" ? setting : setting.severity, rule).toBe("error");
  });

  it("has no finding from Redocly's recommended-strict rules", { timeout: 60_000 }, async () => {
    const report = JSON.parse(
      await output(bin("redocly"), ["lint", file, "--config", path.join(root, "redocly.yaml"), "--format=json"]),
    ) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("has no finding from Spectral's spectral:oas rules, warnings included", { timeout: 60_000 }, async () => {
    const findings = JSON.parse(
      await output(bin("spectral"), [
        "lint",
        "-r",
        path.join(root, ".spectral.yaml"),
        file,
        "--fail-severity=warn",
        "-f",
        "json",
        "--quiet",
      ]),
    ) as { code: string; message: string; path: string[] }[];
    expect(findings.map((f) => `${f.code}: ${f.message} (${f.path.join(".")})`)).toEqual([]);
  });
});
