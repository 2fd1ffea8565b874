import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "@/lib/db/sql";
import { attachmentsDir } from "@/lib/attachments/storage";

// The proof of an erasure (issue 38, item 5): every occurrence of the canary strings anywhere Relay keeps data, by
// brute force, without knowing where they were put. Every column of every table in every schema of the database
// (text, character, JSON, bytea, text search vectors, arrays: each read as text, bytea with its printable bytes as they are), and
// every file under the attachments folder. Case-insensitive: a search's stored words are lower-cased.

const KINDS = ["text", "character varying", "character", "json", "jsonb", "bytea", "tsvector", "ARRAY", "USER-DEFINED"];

interface Column {
  schema: string;
  table: string;
  column: string;
  type: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Where each canary is found: `schema.table.column` or a file's path, with how many rows or files. */
export async function scanForCanaries(canaries: string[]): Promise<string[]> {
  const columns = await sql().unchecked<Column>(
    `SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column, c.data_type AS type
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
        AND c.data_type = ANY($1::text[])`,
    [KINDS],
  );
  const found: string[] = [];
  const patterns = canaries.map((canary) => `%${canary.toLowerCase()}%`);
  for (const { schema, table, column, type } of columns) {
    const value =
      type === "bytea"
        ? `lower(encode(${quote(column)}, 'escape'))`
        : `lower(${quote(column)}::text)`;
    const [row] = await sql().unchecked<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${quote(schema)}.${quote(table)} WHERE ${value} LIKE ANY ($1::text[])`,
      [patterns],
    );
    if (row!.n > 0) found.push(`${schema}.${table}.${column}: ${row!.n}`);
  }
  for (const file of await filesUnder(attachmentsDir())) {
    const text = (await readFile(file)).toString("latin1").toLowerCase();
    if (canaries.some((canary) => text.includes(canary.toLowerCase()))) found.push(file);
  }
  return found;
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
