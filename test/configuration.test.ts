import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { VARIABLE_DEFAULTS, VARIABLE_NAMES } from "@/lib/env";
import { sourceFiles } from "./source-files";

// The configuration cannot drift: lib/env.ts is the one place the app, the worker and the CLI read the environment,
// and the configuration table of docs/guides/operators.md lists exactly its variables, each with the default the
// schema applies.

const ROOTS = ["app", "lib", "jobs", "inngest", "cli", "scripts", "components"];
const ROOT_FILES = ["instrumentation.ts", "instrumentation-client.ts", "proxy.ts", "next.config.ts"];
const THE_READER = "lib/env.ts";

/**
 * Reads of process.env that stay outside lib/env.ts, each for a reason. Nothing else in these folders may read or
 * write the environment; passing it on whole to a child process (`...process.env`) reads no variable and is allowed.
 */
const ALLOWED: Record<string, { names: string[]; why: string }> = {
  "instrumentation.ts": { names: ["NEXT_RUNTIME"], why: "Next's own, replaced by a constant in each runtime's build" },
  "scripts/prisma-generate.mjs": {
    names: ["PRISMA_SCHEMA_ENGINE_BINARY"],
    why: "the postinstall step, plain Node before any TypeScript runs, setting Prisma's own variable for its child",
  },
  "scripts/pgvector-server.ts": {
    names: ["PG_BIN", "PGVECTOR_DIR"],
    why: "a tool of the tests and benchmarks (.ci/run), not the app",
  },
  "scripts/standalone/relay-server.mjs": {
    names: ["HOST", "HOSTNAME", "NEXTAUTH_URL", "APP_URL", "AUTH_TRUST_HOST", "SHUTDOWN_TIMEOUT_MS"],
    why: "the production entry, plain JavaScript beside the standalone server.js (which has no lib/env.ts to import): it sets the variables server.js and next-auth read from HOST, NEXTAUTH_URL and APP_URL (the server validates the environment once it loads)",
  },
  "app/(portal)/developers/docs/examples.ts": {
    names: ["RELAY_SIGNING_SECRET"],
    why: "a bot developer's code, shown as text on the docs page",
  },
};

/** Each use of process.env in a file's text, by the variable it names (`*` for the whole object or a computed name). */
export function environmentUses(text: string): string[] {
  const passedOn = text.replace(/\.\.\.process\.env\b/g, "");
  return [...passedOn.matchAll(/process\.env\b(?:\.([A-Za-z_][A-Za-z0-9_]*))?/g)].map((m) => m[1] ?? "*");
}

/** The variable names in the first column of the operators' guide's configuration table, each with its default. */
export function configurationTable(guide: string): Map<string, string> {
  const section = guide.slice(guide.indexOf("\n## Configuration"));
  const lines = section.split("\n");
  const header = lines.findIndex((line) => line.startsWith("| variable |"));
  const rows = new Map<string, string>();
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    const [names = "", defaults = ""] = line.split(" | ");
    for (const [, name] of names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) rows.set(name!, defaults);
  }
  return rows;
}

describe("the environment is read in one place", () => {
  const files = [...ROOTS.flatMap(sourceFiles), ...ROOT_FILES];

  it("scans the real source tree", () => {
    expect(files).toContain(THE_READER);
    expect(files).toContain("lib/db/client.ts");
    expect(files.length).toBeGreaterThan(100);
  });

  it("finds reads, writes and computed names, and lets a whole environment pass on to a child", () => {
    expect(environmentUses("const a = process.env.DATABASE_URL; process.env.X = '1'; process.env[name]")).toEqual([
      "DATABASE_URL",
      "X",
      "*",
    ]);
    expect(environmentUses("spawn(cmd, { env: { ...process.env, PORT: '1' } })")).toEqual([]);
  });

  it("no file of the app, the worker or the CLI reads or writes process.env but lib/env.ts", () => {
    const offenders = files.flatMap((file) => {
      if (file === THE_READER) return [];
      const allowed = ALLOWED[file]?.names ?? [];
      const uses = environmentUses(readFileSync(file, "utf8")).filter((name) => !allowed.includes(name));
      return uses.map((name) => `${file}: process.env${name === "*" ? "" : `.${name}`}`);
    });
    expect(offenders).toEqual([]);
  });

  it("every allowed exception is still there (a stale one would hide nothing)", () => {
    for (const [file, { names }] of Object.entries(ALLOWED)) {
      expect(environmentUses(readFileSync(file, "utf8")), file).toEqual(expect.arrayContaining(names));
    }
  });
});

const GUIDE = "docs/guides/operators.md";

describe(`${GUIDE}'s configuration table`, () => {
  const table = configurationTable(readFileSync(GUIDE, "utf8"));

  it("lists every variable lib/env.ts reads, and no other", () => {
    const listed = [...table.keys()];
    expect({ missingFromGuide: VARIABLE_NAMES.filter((name) => !table.has(name)) }).toEqual({ missingFromGuide: [] });
    expect({ notInLibEnv: listed.filter((name) => !(VARIABLE_NAMES as string[]).includes(name)) }).toEqual({
      notInLibEnv: [],
    });
  });

  it("states the default the schema applies, for every variable that has one", () => {
    expect(Object.keys(VARIABLE_DEFAULTS).length).toBeGreaterThan(5);
    const wrong = Object.entries(VARIABLE_DEFAULTS).flatMap(([name, value]) =>
      table.get(name)?.includes(`\`${value}\``)
        ? []
        : [`${name}: ${GUIDE} says "${table.get(name)}", the schema ${value}`],
    );
    expect(wrong).toEqual([]);
  });
});
