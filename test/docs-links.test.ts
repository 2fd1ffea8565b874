import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "@/cli/commands";
import { anchorsOf } from "./markdown";

// The guides can be followed (issue 35): in every tracked markdown file (the README, docs/, the SDK's and the
// examples' READMEs), a relative link names a file that exists and, into a markdown file, a heading it has; every
// `npm run <script>` is a script of the package it names; every `npm run cli -- <command>` is a command of the CLI.

const markdown = execFileSync("git", ["ls-files", "-z", "*.md"], { encoding: "utf8" })
  .split("\0")
  .filter((file) => file && existsSync(file));

/** The text outside fenced code blocks is prose; links are read there. Commands are read everywhere. */
function prose(text: string): string {
  let fenced = false;
  return text
    .split("\n")
    .filter((line) => {
      if (line.startsWith("```")) fenced = !fenced;
      return !fenced;
    })
    .join("\n");
}

/** Relative link targets in a markdown file: `[text](target)`, web addresses and mail aside. */
export function relativeLinks(text: string): { target: string; anchor: string | null }[] {
  const found: { target: string; anchor: string | null }[] = [];
  for (const m of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
    const link = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
    const [target, anchor] = link.split("#", 2) as [string, string | undefined];
    found.push({ target, anchor: anchor ?? null });
  }
  return found;
}

const scripts = (file: string) => Object.keys((JSON.parse(readFileSync(file, "utf8")) as { scripts?: object }).scripts ?? {});

describe("the guides can be followed", () => {
  it("reads every tracked markdown file", () => {
    expect(markdown).toContain("README.md");
    expect(markdown).toContain("sdk/README.md");
    expect(markdown.length).toBeGreaterThan(40);
  });

  it("every relative link names a file that exists, and every #anchor a heading of it", () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of markdown) {
      for (const { target, anchor } of relativeLinks(readFileSync(file, "utf8"))) {
        const resolved = target ? path.posix.normalize(path.posix.join(path.posix.dirname(file), target)) : file;
        checked++;
        if (!existsSync(resolved)) {
          broken.push(`${file}: ${target} does not exist`);
          continue;
        }
        if (anchor && resolved.endsWith(".md") && !anchorsOf(readFileSync(resolved, "utf8")).has(anchor))
          broken.push(`${file}: #${anchor} is no heading of ${resolved}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });

  it("every npm run names a script of its package, and every cli command is one of the CLI's", () => {
    const root = scripts("package.json");
    const sdk = scripts("sdk/package.json");
    const broken: string[] = [];
    let checked = 0;
    for (const file of markdown) {
      for (const line of readFileSync(file, "utf8").split("\n")) {
        for (const m of line.matchAll(/npm run (?:--silent )?(?:--prefix (\S+) )?([a-z][\w:-]*)/g)) {
          const known = m[1] === "sdk" ? sdk : m[1] ? [] : root;
          checked++;
          if (!known.includes(m[2]!)) broken.push(`${file}: npm run ${m[1] ? `--prefix ${m[1]} ` : ""}${m[2]}`);
        }
        for (const m of line.matchAll(/\bcli -- ((?:[a-z][a-z-]*)(?: [a-z][a-z-]*){0,2})/g)) {
          const words = m[1]!.split(" ");
          checked++;
          // The longest run of words that is a command: `audit verify-approval ID` is `audit verify-approval`.
          const named = [3, 2, 1].some((n) => words.length >= n && words.slice(0, n).join(" ") in COMMANDS);
          if (!named && words[0] !== "help") broken.push(`${file}: cli -- ${m[1]}`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it("reads links and commands as written", () => {
    expect(relativeLinks("See [the SDK](sdk/README.md#install), [web](https://x.example) and [top](#a).")).toEqual([
      { target: "sdk/README.md", anchor: "install" },
      { target: "", anchor: "a" },
    ]);
    expect(relativeLinks("```\n[not a link](nowhere.md)\n```\n")).toEqual([]);
  });
});
