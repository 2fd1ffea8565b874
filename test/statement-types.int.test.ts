import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { declaredStatements } from "@/lib/db/sql";
import { databaseUrl } from "@/lib/db/url";
import { sourceFiles } from "./source-files";
import { describeStatements, renderStatementTypes } from "./statement-types";

// Typed SQL (docs/decisions/005-sql-on-the-hot-path.md): every statement the code runs is declared with `query()`,
// and lib/db/statement-types.ts holds the row and parameter types the database gives it. This test loads every
// module that declares statements, has the migrated database describe each one, and fails when the committed types
// differ (`npm run db:types` rewrites them). TypeScript then checks each use of a row and each list of values.

const root = path.resolve(__dirname, "..");
const DOMAIN = ["lib", "jobs", "app", "cli", "scripts"];
const DECLARES = /(?<![.\w])query\(\s*"[\w.]+",/;

/** Files that may talk to node-postgres without a declared statement, and why. */
const UNDECLARED: Record<string, string> = {
  "lib/db/": "the database plumbing itself: migrations, setup, the pool and its listener",
  "lib/memory/pgvector.ts":
    "pgvector's statements name the model's dimensions in their text (vector(N)), and the embedded server has no pgvector to describe them",
  "lib/throttle/store.ts": "hands the pool to rate-limiter-flexible, which writes its own statements",
};

const sources = () => DOMAIN.flatMap((dir) => sourceFiles(path.join(root, dir))).map((file) => path.relative(root, file));

describe("typed SQL", () => {
  it("describes every declared statement as lib/db/statement-types.ts says", async () => {
    const declaring = sources().filter((file) => DECLARES.test(readFileSync(path.join(root, file), "utf8")));
    expect(declaring.length).toBeGreaterThan(0);
    for (const file of declaring) await import(path.join(root, file));

    const byName = new Map<string, string>();
    for (const { name, text } of declaredStatements()) {
      const seen = byName.get(name);
      if (seen !== undefined) expect(text, `two statements are named ${name}`).toBe(seen);
      byName.set(name, text);
    }
    const unique = [...new Map(declaredStatements().map((statement) => [statement.name, statement])).values()];
    const described = await describeStatements(databaseUrl()!, unique);
    await expect(renderStatementTypes(described)).toMatchFileSnapshot(path.join(root, "lib/db/statement-types.ts"));
  }, 60_000);

  it("leaves no statement undeclared: no type argument on a query, no pool or client query outside lib/db", () => {
    const offending: string[] = [];
    for (const file of sources()) {
      if (Object.keys(UNDECLARED).some((allowed) => file.startsWith(allowed))) continue;
      const text = readFileSync(path.join(root, file), "utf8");
      text.split("\n").forEach((line, i) => {
        if (/\.query<|\$queryRaw|\$executeRaw|pool\(\)\s*\.query|\.query\(\s*[`'"]/.test(line)) {
          offending.push(`${file}:${i + 1}: ${line.trim()}`);
        }
      });
    }
    expect(offending).toEqual([]);
  });
});
