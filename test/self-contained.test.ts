import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The repository is all a clone needs: `bash .ci/run` passes in a clone with nothing beside it (issue 32, item 9).
// So no tracked file may name a path outside it. The rule, for every tracked text file:
//
// 1. A relative path that starts with `../` is read from the folder of the file holding it, as an import, a Markdown
//    link or a script beside it reads it; it may not climb above the root. Text other than an import specifier (a
//    comment, a command, a string a program resolves from where it runs) names a path that may also be meant from the
//    root, which is where `npm`, `.ci/run` and the README's commands run: when such a path names nothing read from
//    its file's folder, it is read from the root too, and may not climb above it there either.
// 2. No absolute path into the folders where checkouts live (`/work/`, `/home/`, `/root/`, `/Users/`, `~/`). The
//    machine's own paths (`/usr/lib/postgresql/15/bin`, `/etc/apt/...`) and scratch space (`/tmp`) are allowed: they
//    come with the operating system, not with the folder the repository was made in.
//
// ALLOWED lists the few `../` strings that name no file of ours, each with its reason. This file is not scanned: it
// spells out what it refuses.

const THIS_FILE = "test/self-contained.test.ts";

/** Text that contains a path climbing out, but points Relay at nothing outside the repository. */
const ALLOWED: { file: string; path: string; why: string }[] = [
  { file: "Dockerfile", path: "../tsx/dist/cli.mjs", why: "a symbolic link's target, read from the link's folder" },
  {
    file: "docs/guides/mcp-clients.md",
    path: "../package.json",
    why: "what the MCP Inspector 1.0 reads from a project's parent folder, the reason the guide pins 0.17",
  },
  {
    file: "lib/mcp/inspector.int.test.ts",
    path: "../package.json",
    why: "the same behaviour of the Inspector, the reason the test pins its version",
  },
  ...["components/portal/doc-markdown.test.ts", "lib/docs/doc-link.test.ts"].flatMap((file) =>
    ["../guides/", "../api-contract.md"].map((path) => ({
      file,
      path,
      why: "a link as a guide in docs/guides/ writes it, which the code under test resolves from the guide's folder",
    })),
  ),
  ...[
    "lib/attachments/attachments.int.test.ts",
    "test/security/fuzz/hostile.ts",
    "test/security/fuzz/request-body.ts",
  ].map((file) => ({
    file,
    path: "../../",
    why: "path traversal as hostile input, which the product must neutralise",
  })),
];

const TOKEN = /(?<![\w./~-])(?:\.\.\/)+[^\s"'`()[\]<>,;|]*/g;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bvi\.mock\s*\(\s*)["'`]$/;
const CODE = /\.(ts|tsx|mts|cts|mjs|cjs|js)$/;
const CHECKOUT_FOLDERS = /(?<![\w.~-])(?:\/(?:work|home|root|Users)\/|~\/)[^\s"'`)]*/g;

/** Resolves `relative` from the repository folder `from`: the repository path, or null when it climbs above the root. */
function inside(from: string, relative: string): string | null {
  const resolved = path.posix.normalize(path.posix.join(from, relative));
  return resolved === ".." || resolved.startsWith("../") ? null : resolved;
}

/** Whether a repository path names a file or folder, as an import may omit its extension or its index. */
function names(repositoryPath: string, exists: (p: string) => boolean): boolean {
  return ["", ".ts", ".tsx", ".mts", ".mjs", ".js", ".json", ".md", "/index.ts"].some((end) =>
    exists(repositoryPath + end),
  );
}

/** The paths outside the repository that `text`, the content of the tracked file `file`, names. */
export function outsidePaths(file: string, text: string, exists: (p: string) => boolean = existsSync): string[] {
  const folder = path.posix.dirname(file);
  const found: string[] = [];
  for (const line of text.split("\n")) {
    for (const m of line.matchAll(TOKEN)) {
      // A link's fragment or a query names a place inside the file, not a file.
      const token = m[0].replace(/[#?].*$/, "");
      const fromFolder = inside(folder, token);
      const specifier = CODE.test(file) && SPECIFIER.test(line.slice(0, m.index));
      const escapes = fromFolder === null || (!specifier && !names(fromFolder, exists) && inside(".", token) === null);
      if (escapes && !ALLOWED.some((allowed) => allowed.file === file && token.startsWith(allowed.path)))
        found.push(token);
    }
    for (const m of line.matchAll(CHECKOUT_FOLDERS)) found.push(m[0]);
  }
  return found;
}

/** Every tracked file that is text (git's list: nothing generated or ignored), with `/` separators. */
function trackedTextFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" })
    .split("\0")
    .filter((file) => file && file !== THIS_FILE && existsSync(file) && !readFileSync(file).includes(0));
}

describe("the repository is self-contained", () => {
  const files = trackedTextFiles();

  it("scans every tracked text file", () => {
    expect(files).toEqual(expect.arrayContaining(["README.md", ".ci/run", "scripts/pgvector-server.ts", "Dockerfile"]));
    expect(files.length).toBeGreaterThan(500);
  });

  it("no tracked file names a path outside the repository", () => {
    const outside = files.flatMap((file) =>
      outsidePaths(file, readFileSync(file, "utf8")).map((found) => `${file}: ${found}`),
    );
    expect(outside).toEqual([]);
  });

  it("every allowance is still needed", () => {
    const unused = ALLOWED.filter(
      ({ file, path: allowed }) =>
        !existsSync(file) || ![...readFileSync(file, "utf8").matchAll(TOKEN)].some((m) => m[0].startsWith(allowed)),
    );
    expect(unused).toEqual([]);
  });

  it("reads the rule as written", () => {
    const none = () => false;
    // Climbing above the root from the file's folder: in prose, a Markdown link, an import.
    expect(outsidePaths("README.md", "built by `../shared/scripts/build.sh`", none)).toEqual([
      "../shared/scripts/build.sh",
    ]);
    expect(outsidePaths("docs/style.md", "[the guide](../../shared/GUIDE.md)", none)).toEqual([
      "../../shared/GUIDE.md",
    ]);
    expect(outsidePaths("lib/x.ts", 'import { y } from "../../../shared/y";', none)).toEqual(["../../../shared/y"]);
    // Not an import, naming nothing beside its file, and climbing out from the root (.ci/run and scripts run there).
    expect(outsidePaths(".ci/run", "bash ../shared/scripts/build.sh", none)).toEqual(["../shared/scripts/build.sh"]);
    expect(outsidePaths("scripts/tool.ts", 'path.resolve(process.cwd(), "../shared/build.sh")', none)).toEqual([
      "../shared/build.sh",
    ]);
    // Inside: an import within the repository; a path naming a file read from its own folder.
    expect(outsidePaths("e2e/api/smoke.spec.ts", 'import { demoWorld } from "../fixtures";', none)).toEqual([]);
    const generated = (p: string) => p === "lib/generated/prisma";
    expect(outsidePaths("prisma/schema.prisma", 'output = "../lib/generated/prisma"', generated)).toEqual([]);
    // Not relative paths: a URL's dot segments, an ellipsis.
    expect(outsidePaths("lib/x.test.ts", '"/x/../..//evil.example" and ".../sdk/index.ts"', none)).toEqual([]);
    // Checkout folders, absolute or under a home; the system's own paths are not.
    expect(outsidePaths("README.md", "see /work/shared/build.sh or ~/relay", none)).toEqual([
      "/work/shared/build.sh",
      "~/relay",
    ]);
    expect(outsidePaths(".ci/run", "/usr/lib/postgresql/15/bin and /tmp/relay-pgvector", none)).toEqual([]);
  });
});
