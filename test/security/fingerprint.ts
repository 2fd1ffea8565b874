import { sql, type Sql } from "@/lib/db/sql";

// A fingerprint of everything stored: per table of the app's schema and of the job queue, its row count and the
// newest transaction id among its rows (xmin). An insert or an update writes a row version with a newer xmin, a
// delete lowers the count: two equal fingerprints mean nothing was written in between. The adversarial suite takes
// one before and one after each refused request.

export type Fingerprint = Record<string, { rows: number; newest: string }>;

let statementText: string | null = null;

async function fingerprintStatement(client: Sql): Promise<string> {
  if (statementText) return statementText;
  const tables = await client.query<{ name: string }>(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'graphile_worker')
        AND table_name <> '_prisma_migrations'
      ORDER BY 1`,
  );
  statementText = tables
    .map(
      ({ name }) =>
        `SELECT ${quoteLiteral(name)} AS name, count(*)::int AS rows, coalesce(max(xmin::text::bigint), 0)::text AS newest FROM ${name}`,
    )
    .join(" UNION ALL ");
  return statementText;
}

const quoteLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The fingerprint of the current database. `except` leaves out tables whose rows a refusal may legitimately write
 * (the idempotency record of a refused request, the policy log of a refused send), named as `schema.table`.
 */
export async function fingerprint(except: string[] = [], client: Sql = sql()): Promise<Fingerprint> {
  const rows = await client.query<{ name: string; rows: number; newest: string }>(await fingerprintStatement(client));
  return Object.fromEntries(
    rows.filter((row) => !except.includes(row.name)).map((row) => [row.name, { rows: row.rows, newest: row.newest }]),
  );
}

/** The tables whose fingerprints differ, for a readable failure. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter(
    (name) => before[name]?.rows !== after[name]?.rows || before[name]?.newest !== after[name]?.newest,
  );
}
