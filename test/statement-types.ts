import postgres from "postgres";

// Row and parameter types of the declared SQL statements, read from the database itself (issue 17, part 3;
// docs/decisions/005-sql-on-the-hot-path.md). Each statement is described by the server (Parse + Describe: nothing
// runs), and each column's type becomes the TypeScript type node-postgres parses it into. A column read straight
// from a table is nullable when the table's column is, or when the statement outer-joins that table (by name: a
// table joined twice, once outer, counts as outer); a computed column is nullable. A declaration's `notNull` names
// the columns it knows better about (a WHERE that excludes null, an inner alias of a table also outer-joined).

export interface Declared {
  name: string;
  text: string;
  notNull: readonly string[];
}

interface PgType {
  oid: number;
  name: string;
  /** For an array type, its element's oid; else 0. */
  elem: number;
  /** An enum's labels, in order; else null. */
  labels: string[] | null;
}

/** What node-postgres hands back for each built-in type (its default parsers; lib/db/client.ts adds none). */
const OUTPUT: Record<string, string> = {
  bool: "boolean",
  int2: "number",
  int4: "number",
  oid: "number",
  float4: "number",
  float8: "number",
  int8: "string",
  numeric: "string",
  text: "string",
  varchar: "string",
  bpchar: "string",
  name: "string",
  char: "string",
  uuid: "string",
  citext: "string",
  tsvector: "string",
  inet: "string",
  timestamptz: "Date",
  timestamp: "Date",
  date: "Date",
  json: "unknown",
  jsonb: "unknown",
  bytea: "Buffer",
  void: "unknown",
  interval: "unknown",
  record: "string",
};

/** Arrays node-postgres parses into arrays (of what their element parses into); any other array arrives as text. */
const PARSED_ARRAYS = new Set([
  "bool",
  "int2",
  "int4",
  "oid",
  "float4",
  "float8",
  "int8",
  "numeric",
  "text",
  "varchar",
  "bpchar",
  "char",
  "name",
  "uuid",
  "timestamptz",
  "timestamp",
  "date",
  "json",
  "jsonb",
  "bytea",
  "interval",
  "cidr",
  "inet",
  "money",
]);

/** What node-postgres accepts for a parameter of each type (it sends text; Dates as ISO instants). */
const INPUT: Record<string, string> = {
  ...OUTPUT,
  int8: "number | string | bigint",
  numeric: "number | string",
  timestamptz: "Date | string",
  timestamp: "Date | string",
  date: "Date | string",
  interval: "string",
  record: "unknown",
  void: "unknown",
};

export interface Described {
  name: string;
  row: [column: string, type: string][];
  params: string[];
}

export async function describeStatements(url: string, statements: readonly Declared[]): Promise<Described[]> {
  // The embedded server is reached by its socket folder (`?host=`), which postgres.js takes as an option.
  const parsed = new URL(url);
  const socket = parsed.searchParams.get("host");
  parsed.search = "";
  const client = postgres(parsed.toString(), { max: 1, onnotice: () => {}, ...(socket ? { host: socket } : {}) });
  try {
    const types = new Map<number, PgType>();
    const rows = await client<{ oid: number; name: string; elem: number; labels: string[] | null }[]>`
      SELECT t.oid::int AS oid, t.typname AS name, t.typelem::int AS elem,
             (SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid) AS labels
        FROM pg_type t`;
    for (const row of rows) types.set(row.oid, row);
    const notNull = new Set(
      (
        await client<{ key: string }[]>`
          SELECT attrelid::int || ':' || attnum AS key FROM pg_attribute WHERE attnotnull AND attnum > 0`
      ).map((row) => row.key),
    );
    const tableNames = new Map(
      (await client<{ oid: number; name: string }[]>`SELECT oid::int AS oid, relname AS name FROM pg_class`).map(
        (row) => [row.oid, row.name],
      ),
    );

    const described: Described[] = [];
    for (const statement of statements) {
      let description: { types: number[]; columns: { name: string; type: number; table: number; number: number }[] };
      try {
        description = (await client.unsafe(statement.text).describe()) as unknown as typeof description;
      } catch (error) {
        throw new Error(`statement ${statement.name} does not parse: ${(error as Error).message}`);
      }
      const outer = outerJoined(statement.text);
      const row = description.columns.map(({ name, type, table, number }): [string, string] => {
        const fromTable = table !== 0 && number > 0;
        const nullable =
          !statement.notNull.includes(name) &&
          (fromTable ? !notNull.has(`${table}:${number}`) || outer.has(tableNames.get(table) ?? "") : true);
        const ts = tsType(types, type, OUTPUT, "output");
        return [name, nullable ? `${ts} | null` : ts];
      });
      const unknownNotNull = statement.notNull.filter((name) => !row.some(([column]) => column === name));
      if (unknownNotNull.length) {
        throw new Error(`statement ${statement.name} names ${unknownNotNull.join(", ")} in notNull: no such column`);
      }
      const params = description.types.map((oid) => `${tsType(types, oid, INPUT, "input")} | null`);
      described.push({ name: statement.name, row, params });
    }
    return described;
  } finally {
    await client.end();
  }
}

/** Tables the statement joins with LEFT, RIGHT or FULL: their columns may come back null. */
function outerJoined(text: string): Set<string> {
  const tables = new Set<string>();
  for (const match of text.matchAll(/\b(?:LEFT|RIGHT|FULL)\s+(?:OUTER\s+)?JOIN\s+(?:LATERAL\s+)?([a-z_][a-z0-9_]*)/gi)) {
    tables.add(match[1]!.toLowerCase());
  }
  return tables;
}

function tsType(
  types: Map<number, PgType>,
  oid: number,
  table: Record<string, string>,
  side: "input" | "output",
): string {
  const type = types.get(oid);
  if (!type) return "unknown";
  if (type.labels) return type.labels.map((label) => JSON.stringify(label)).join(" | ");
  if (type.elem !== 0 && type.name.startsWith("_")) {
    const element = types.get(type.elem);
    if (!element) return "unknown";
    if (side === "output" && !PARSED_ARRAYS.has(element.name)) return "string"; // arrives as the array's text
    // A real[] value may also be a Buffer in the binary array format (lib/memory/array-send.ts): node-postgres sends
    // a Buffer in binary, which PostgreSQL reads with array_recv.
    if (side === "input" && element.name === "float4") return "readonly number[] | Buffer";
    const inner = element.labels ? `(${tsType(types, element.oid, table, side)})` : tsType(types, element.oid, table, side);
    const wrapped = inner.includes(" ") && !inner.startsWith("(") ? `(${inner})` : inner;
    return side === "input" ? `readonly ${wrapped}[]` : `${wrapped}[]`;
  }
  return table[type.name] ?? (side === "input" ? "unknown" : "string");
}

/** lib/db/statement-types.ts, from the described statements, sorted by name. */
export function renderStatementTypes(described: readonly Described[]): string {
  const lines = [
    "// Generated by `npm run db:types` from the statements declared with `query()` (lib/db/sql.ts), as the migrated",
    "// database describes them. Do not edit: test/statement-types.int.test.ts fails when this file and the statements",
    "// disagree.",
    "",
    "export interface Statements {",
  ];
  for (const statement of [...described].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    lines.push(`  ${JSON.stringify(statement.name)}: {`);
    if (statement.row.length) {
      lines.push("    row: {", ...statement.row.map(([column, type]) => `      ${key(column)}: ${type};`), "    };");
    } else {
      lines.push("    row: Record<string, never>;");
    }
    const params = `    params: [${statement.params.join(", ")}];`;
    if (params.length <= 120) lines.push(params);
    else lines.push("    params: [", ...statement.params.map((param) => `      ${param},`), "    ];");
    lines.push("  };");
  }
  lines.push("}", "");
  return lines.join("\n");
}

const key = (column: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(column) ? column : JSON.stringify(column));
