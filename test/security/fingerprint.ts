import type { Sql } from "@/lib/db/sql";

/** What the fingerprint reads with: tables, unchecked (a test tool, not a declared statement). */
export type TableReader = Pick<Sql, "unchecked">;

// A fingerprint of everything stored: per table of the app's schema and of the job queue, its row count and the
// newest transaction id among its rows (xmin). An insert or an update writes a row version with a newer xmin, a
// delete lowers the count: two equal fingerprints mean nothing was written in between. The adversarial suite takes
// one before and one after each refused request.
//
// A column that is bookkeeping, written on the side of a request whatever its answer (`api_keys.last_used_at`, set
// at most once a minute per key, after the response; a bot's request-rate bucket), can be left out: its table is then fingerprinted by the
// content of its rows without that column instead of by xmin.

/**
 * Columns a fingerprint leaves out, by `schema.table`. A bot's request-rate bucket (`tat`) moves on every request of
 * an authenticated bot, whatever the answer (issue 31): a refusal spends its token too.
 */
export const BOOKKEEPING_COLUMNS: Record<string, string[]> = {
  "public.api_keys": ["last_used_at"],
  "public.bot_rate_buckets": ["tat"],
};

export type Fingerprint = Record<string, { rows: number; newest: string }>;

const statements = new Map<string, string>();

async function fingerprintStatement(client: TableReader, ignore: Record<string, string[]>): Promise<string> {
  const cacheKey = JSON.stringify(ignore);
  const cached = statements.get(cacheKey);
  if (cached) return cached;
  const tables = await client.unchecked<{ name: string }>(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'graphile_worker')
        AND table_name <> '_prisma_migrations'
      ORDER BY 1`,
  );
  const text = tables
    .map(({ name }) => {
      const left = ignore[name.replaceAll('"', "")];
      if (!left?.length) {
        return `SELECT ${quoteLiteral(name)} AS name, count(*)::int AS rows, coalesce(max(xmin::text::bigint), 0)::text AS newest FROM ${name}`;
      }
      const row = `(to_jsonb(t) - ${left
        .map(quoteLiteral)
        .map((column) => `${column}::text`)
        .join(" - ")})::text`;
      return `SELECT ${quoteLiteral(name)} AS name, count(*)::int AS rows, md5(coalesce(string_agg(${row}, ',' ORDER BY ${row}), '')) AS newest FROM ${name} t`;
    })
    .join(" UNION ALL ");
  statements.set(cacheKey, text);
  return text;
}

const quoteLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The fingerprint of the current database. `except` leaves out tables whose rows a refusal may legitimately write
 * (the idempotency record of a refused request, the policy log of a refused send), named as `schema.table`;
 * `ignoreColumns` leaves out columns (by default the bookkeeping ones, BOOKKEEPING_COLUMNS).
 */
export async function fingerprint(
  except: string[] = [],
  given?: TableReader,
  ignoreColumns: Record<string, string[]> = BOOKKEEPING_COLUMNS,
): Promise<Fingerprint> {
  // The app's pool unless a client is given; imported on use, so a runner that cannot load Prisma's client
  // (Playwright, for the fuzz) can pass its own.
  const client = given ?? (await import("@/lib/db/sql")).sql();
  const rows = await client.unchecked<{ name: string; rows: number; newest: string }>(
    await fingerprintStatement(client, ignoreColumns),
  );
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
