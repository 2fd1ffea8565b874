import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./source-files";

// docs/decisions/005-sql-on-the-hot-path.md: raw SQL is written only through `Sql` (lib/db/sql.ts), and a
// transaction uses one door: a Prisma one (`db().$transaction`) calls none of the SQL doors, an SQL one
// (`transaction`, `inTransaction`) makes no Prisma call. These checks read the sources (tests and generated code left
// out; lib/db/ is where the doors are made). The second is coarse: a file that opens a Prisma transaction imports
// nothing from lib/db/sql.ts.

const ROOTS = ["app", "lib", "cli", "jobs", "scripts", "bench", "components", "prisma"];
const DOORS = "lib/db/";

/** Prisma's raw SQL, or the bridge that ran our statements through it. */
export const RAW_SQL = /\bprismaSql\b|\$(queryRaw|queryRawUnsafe|executeRaw|executeRawUnsafe)\b/;
const PRISMA_TRANSACTION = /\$transaction\s*\(/;
const SQL_IMPORT = /\bfrom\s+["'][^"']*\/db\/sql["']/;

export const usesRawSql = (source: string) => RAW_SQL.test(source);
export const mixesDoors = (source: string) => PRISMA_TRANSACTION.test(source) && SQL_IMPORT.test(source);

describe("the database line", () => {
  const files = ROOTS.flatMap(sourceFiles).filter((file) => !file.startsWith(DOORS));
  const read = (file: string) => readFileSync(file, "utf8");

  it("scans the real source tree", () => {
    expect(files).toContain("lib/drafts/approve-draft.ts");
    expect(files).not.toContain("lib/db/sql.ts");
    expect(files.length).toBeGreaterThan(100);
  });

  it("recognises what it looks for", () => {
    expect(usesRawSql("await tx.$queryRaw`SELECT 1`")).toBe(true);
    expect(usesRawSql("await db().$executeRawUnsafe(text)")).toBe(true);
    expect(usesRawSql("await decide(prismaSql(tx), input)")).toBe(true);
    expect(usesRawSql("await tx.query(TEXT, [id]); await db().bot.findMany()")).toBe(false);
    const prisma = "import { db } from \"@/lib/db/client\";\nawait db().$transaction(async (tx) => tx.bot.update(x));";
    expect(mixesDoors(prisma)).toBe(false);
    expect(mixesDoors(`import { sql } from "@/lib/db/sql";\n${prisma}`)).toBe(true);
    expect(mixesDoors(`import type { Sql } from "../db/sql";\n${prisma}`)).toBe(true);
    expect(mixesDoors(`import { transaction } from "@/lib/db/sql";\nawait transaction(async (tx) => tx.query(T));`)).toBe(false);
  });

  it("no file writes raw SQL outside lib/db/sql.ts's Sql", () => {
    expect(files.filter((file) => usesRawSql(read(file)))).toEqual([]);
  });

  it("no file opens a Prisma transaction beside the SQL doors", () => {
    expect(files.filter((file) => mixesDoors(read(file)))).toEqual([]);
  });
});
