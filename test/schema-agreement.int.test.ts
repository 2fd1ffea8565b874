import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { listMigrations } from "@/lib/db/migrate";

// Prisma's schema engine cannot run here, so nothing generates the SQL migrations from prisma/schema.prisma:
// this test proves they agree. Every model is a table, every scalar field a column of the right type and
// nullability, every enum a type with the same values, and the database has nothing the schema does not know.

interface Field { column: string; type: string; optional: boolean; list: boolean; nativeUuid: boolean; nativeReal: boolean; nativeVarChar: boolean }
interface Model { table: string; fields: Field[] }

function parseSchema(text: string) {
  const models: Model[] = [];
  const enums = new Map<string, { dbName: string; values: string[] }>();
  const blocks = text.matchAll(/^(model|enum)\s+(\w+)\s*\{([\s\S]*?)^\}/gm);
  const raw: { kind: string; name: string; body: string }[] = [...blocks].map((m) => ({ kind: m[1]!, name: m[2]!, body: m[3]! }));
  for (const block of raw.filter((b) => b.kind === "enum")) {
    const lines = block.body.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("//"));
    const dbName = /@@map\("([^"]+)"\)/.exec(block.body)?.[1] ?? block.name;
    enums.set(block.name, { dbName, values: lines.filter((l) => !l.startsWith("@@")) });
  }
  const modelNames = new Set(raw.filter((b) => b.kind === "model").map((b) => b.name));
  for (const block of raw.filter((b) => b.kind === "model")) {
    const table = /@@map\("([^"]+)"\)/.exec(block.body)?.[1] ?? block.name;
    const fields: Field[] = [];
    for (const line of block.body.split("\n").map((l) => l.trim())) {
      // A type is a name, or Unsupported("<PostgreSQL type>") for a column Prisma cannot read (checked by that type).
      const m = /^(\w+)\s+(Unsupported\("\w+"\)|\w+)(\[\]|\?)?(.*)$/.exec(line);
      if (!m || line.startsWith("//") || line.startsWith("@@")) continue;
      const [, name, type, modifier, attrs] = m as unknown as [string, string, string, string | undefined, string];
      if (modelNames.has(type)) continue; // relation field: no column
      fields.push({
        column: /@map\("([^"]+)"\)/.exec(attrs)?.[1] ?? name,
        type: enums.has(type) ? `enum:${enums.get(type)!.dbName}` : type.replace(/^Unsupported\("(\w+)"\)$/, "pg:$1"),
        optional: modifier === "?",
        list: modifier === "[]",
        nativeUuid: attrs.includes("@db.Uuid"),
        nativeReal: attrs.includes("@db.Real"),
        nativeVarChar: attrs.includes("@db.VarChar"),
      });
    }
    models.push({ table, fields });
  }
  return { models, enums };
}

const PG_TYPE: Record<string, string> = { String: "text", Int: "integer", Boolean: "boolean", DateTime: "timestamp with time zone", Json: "jsonb", Bytes: "bytea", Float: "double precision", BigInt: "bigint" };

describe("prisma/schema.prisma and the migrated database", () => {
  const schema = parseSchema(readFileSync("prisma/schema.prisma", "utf8"));

  it("the parser found the models (a guard against a parser that finds nothing)", () => {
    expect(schema.models.length).toBeGreaterThanOrEqual(18);
    expect(schema.models.find((m) => m.table === "messages")?.fields.map((f) => f.column)).toContain("sender_bot_id");
  });

  it("have the same tables and columns, with the same types and nullability", async () => {
    const columns = await db().$queryRaw<{ table_name: string; column_name: string; data_type: string; udt_name: string; is_nullable: string }[]>`
      SELECT table_name, column_name, data_type, udt_name, is_nullable FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`;
    const actual = new Map(columns.map((c) => [`${c.table_name}.${c.column_name}`, c]));
    const expected = new Set<string>();
    for (const model of schema.models) {
      for (const field of model.fields) {
        const key = `${model.table}.${field.column}`;
        expected.add(key);
        const column = actual.get(key);
        expect(column, `column ${key} is missing from the database`).toBeDefined();
        if (!column) continue;
        if (field.list) expect(column.data_type, key).toBe("ARRAY");
        else if (field.type.startsWith("enum:")) expect(column.udt_name, key).toBe(field.type.slice(5));
        else if (field.type.startsWith("pg:")) expect(column.udt_name, key).toBe(field.type.slice(3));
        else if (field.nativeUuid) expect(column.data_type, key).toBe("uuid");
        else if (field.nativeReal) expect(column.data_type, key).toBe("real");
        else if (field.nativeVarChar) expect(column.data_type, key).toBe("character varying");
        else expect(column.data_type, key).toBe(PG_TYPE[field.type]);
        // A list is never null in the model (Prisma has no optional lists), so never in the database either.
        expect(column.is_nullable, `${key} nullability`).toBe(field.optional && !field.list ? "YES" : "NO");
      }
    }
    const unknown = [...actual.keys()].filter((key) => !expected.has(key));
    expect(unknown, "columns the schema does not declare").toEqual([]);
  });

  it("have the same enums and values", async () => {
    const rows = await db().$queryRaw<{ typname: string; labels: string[] }[]>`
      SELECT t.typname::text AS typname, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`;
    const actual = Object.fromEntries(rows.map((r) => [r.typname, r.labels]));
    const expected = Object.fromEntries([...schema.enums.values()].map((e) => [e.dbName, e.values]));
    expect(actual).toEqual(expected);
  });

  it("recorded every migration in _prisma_migrations as Prisma Migrate would", async () => {
    const rows = await db().$queryRaw<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }[]>`
      SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`;
    expect(rows.map((r) => ({ name: r.migration_name, checksum: r.checksum }))).toEqual(listMigrations().map((m) => ({ name: m.name, checksum: m.checksum })));
    for (const row of rows) {
      expect(row.finished_at).not.toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });
});
