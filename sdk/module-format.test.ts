import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The SDK's sources are ES modules (sdk/package.json says `"type": "module"`), so importing them by name works at
// run time as `tsc` says it does. Before, sdk/ inherited the app's CommonJS and
// `import { RelayApiError } from ".../sdk/index.ts"` failed in Node: "does not provide an export named". A CommonJS
// project uses the built package (dist/index.cjs, e2e/api/sdk-package.spec.ts): on Node 20, `require()` of these
// ES module sources through tsx's loader is not supported.

const sdkIndex = path.resolve("sdk/index.ts");
const folder = mkdtempSync(path.join(tmpdir(), "relay-sdk-import-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs a script with Node and tsx's loader (as `npx tsx script` does), from the repository root. */
function run(name: string, source: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, source);
  return execFileSync(process.execPath, ["--import", "tsx", file], { encoding: "utf8", cwd: path.resolve(".") });
}

describe("sdk/ as an ES module in place", () => {
  it("is declared an ES module package", () => {
    expect(JSON.parse(readFileSync("sdk/package.json", "utf8"))).toMatchObject({ type: "module" });
  });

  it("imports by name from an ES module script", () => {
    const out = run(
      "import.mts",
      `import { RelayApiError, RelayClient, verifyWebhook } from ${JSON.stringify(sdkIndex)};
const error = new RelayApiError({ status: 429, code: "deferred", message: "later", retry_after: 5, request_id: "req_1" });
console.log(typeof RelayClient, typeof verifyWebhook, error instanceof Error, error.code, error.retry_after, error.request_id);`,
    );
    expect(out.trim()).toBe("function function true deferred 5 req_1");
  });

  it("imports by name from a TypeScript file of the app (whose package is CommonJS), as examples/ do", () => {
    const out = run(
      "app-script.ts",
      `import { RelayClient } from ${JSON.stringify(sdkIndex)};
console.log(typeof new RelayClient({ baseUrl: "http://x", apiKey: "amk_x" }).getMe);`,
    );
    expect(out.trim()).toBe("function");
  });
});
