import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { anchorOf, anchorsOf } from "./markdown";

// Every citation in the repository can be followed from the repository alone. The contract, the decisions behind
// it and the conventions of the code live in docs/ (api-contract.md, design.md, architecture.md, style.md,
// decisions/); nothing may cite the specification and style files that stayed outside it, and every
// `docs/<file>.md#<anchor>` must name a heading that exists (test/self-contained.test.ts refuses paths outside).

const SPEC_FILES = new RegExp(["SPEC", "DESIGN", "STYLE"].map((name) => `\\b${name}\\.md\\b`).join("|"));

/**
 * Files that keep a citation of the old specification: applied migrations are never edited (lib/db/migrate.ts
 * refuses one whose checksum changed, so a comment fixed here would stop every existing database from starting).
 */
const FROZEN = /^prisma\/migrations\//;

/** Tracked text files, as git lists them (generated files and build output are not tracked). */
function trackedFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" }).split("\0").filter(Boolean);
  return listed.filter((file) => existsSync(file) && /\.(ts|tsx|mts|mjs|js|md|sql|prisma|json|yml|yaml|sh)$|^\.ci\//.test(file));
}

/** Every place a file points into docs/: `docs/<name>.md#<anchor>` anywhere, and relative links inside docs/. */
export function citationsIn(file: string, text: string): { target: string; anchor: string | null }[] {
  const found: { target: string; anchor: string | null }[] = [];
  for (const m of text.matchAll(/\bdocs\/([\w./-]+?\.md)(?:#([\w-]+))?/g)) found.push({ target: `docs/${m[1]}`, anchor: m[2] ?? null });
  if (file.startsWith("docs/") && file.endsWith(".md")) {
    for (const m of text.matchAll(/\]\(([\w./-]*?\.md)?(?:#([\w-]+))?\)/g)) {
      if (!m[1] && !m[2]) continue;
      const target = m[1] ? path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1])) : file;
      found.push({ target, anchor: m[2] ?? null });
    }
  }
  return found;
}

describe("citations of the contract", () => {
  const files = trackedFiles();

  it("scans the tracked tree", () => {
    expect(files).toContain("README.md");
    expect(files).toContain("docs/api-contract.md");
    expect(files.length).toBeGreaterThan(300);
  });

  it("nothing cites SPEC.md, DESIGN.md or STYLE.md, which are not in the repository: docs/api-contract.md, docs/design.md and docs/style.md hold them", () => {
    const offenders = files.filter(
      (file) => !FROZEN.test(file) && file !== "test/docs-citations.test.ts" && SPEC_FILES.test(readFileSync(file, "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("every docs/ file cited exists, and every #anchor is a heading of it", () => {
    const anchors = new Map<string, Set<string>>();
    const broken: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const { target, anchor } of citationsIn(file, readFileSync(file, "utf8"))) {
        if (!existsSync(target)) {
          broken.push(`${file}: ${target} does not exist`);
          continue;
        }
        if (!anchor) continue;
        if (!anchors.has(target)) anchors.set(target, anchorsOf(readFileSync(target, "utf8")));
        checked++;
        if (!anchors.get(target)!.has(anchor)) broken.push(`${file}: ${target}#${anchor} is no heading of ${target}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(80);
  });

  it("every docs/decisions/NNN cited is a decision record", () => {
    const records = readdirSync("docs/decisions");
    const broken = files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\bdocs\/decisions\/(\d{3})\b/g)]
        .filter((m) => !records.some((record) => record.startsWith(`${m[1]}-`)))
        .map((m) => `${file}: docs/decisions/${m[1]}`),
    );
    expect(broken).toEqual([]);
  });

  it("reads anchors and citations as GitHub renders them", () => {
    expect(anchorOf("Drafts and held messages")).toBe("drafts-and-held-messages");
    expect(anchorOf("`Idempotency-Key`, retention")).toBe("idempotency-key-retention");
    expect([...anchorsOf("# A\n## Limits\n```\n# not a heading\n```\n### Limits")]).toEqual(["a", "limits", "limits-1"]);
    expect(citationsIn("lib/x.ts", "see docs/api-contract.md#idempotency.")).toEqual([
      { target: "docs/api-contract.md", anchor: "idempotency" },
    ]);
    expect(citationsIn("docs/design.md", "[a](api-contract.md#limits) and [b](#jobs)")).toEqual([
      { target: "docs/api-contract.md", anchor: "limits" },
      { target: "docs/design.md", anchor: "jobs" },
    ]);
  });
});
