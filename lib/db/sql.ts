import { createHash } from "node:crypto";
import pg from "pg";
import { db, pool, type Db, type Tx } from "./client";

// Plain SQL for the hot path (docs/decisions/005-sql-on-the-hot-path.md). Prisma's raw queries cost ~0.5 ms each
// over node-postgres on this stack (measured: SELECT 1 takes 0.68 ms through Prisma, 0.17 ms through pg), and a
// bot's send is seven statements. Domain functions that run on the hot path take an `Sql`, so they work the same
// on a pg transaction (`transaction`) and inside a Prisma transaction (`prismaSql(tx)`).

export interface Sql {
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
}

const names = new Map<string, string>();
/** A stable name per statement text: node-postgres then prepares it once per connection (no re-planning). */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `relay_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

export function pgSql(client: pg.Pool | pg.PoolClient): Sql {
  return {
    async query<T>(text: string, values: unknown[] = []) {
      const result = await client.query({ name: statementName(text), text, values });
      return result.rows as T[];
    },
  };
}

export function prismaSql(client: Db | Tx): Sql {
  return { query: <T>(text: string, values: unknown[] = []) => client.$queryRawUnsafe<T[]>(text, ...values) };
}

/** The pool as an Sql, for single statements outside a transaction. */
export function sql(): Sql {
  db(); // makes sure the pool exists
  return pgSql(pool());
}

/** Runs `work` in one transaction on one pooled connection; rolls back if it throws. */
export function transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
  return transactionBetween(null, async (sql) => ({ result: await work(sql), closing: null }));
}

/**
 * A transaction whose first statements travel with its BEGIN and whose last ones with its COMMIT: a round trip
 * each instead of two (docs/decisions/013). Those statements go by the simple query protocol, which takes no
 * parameters, so they are built with `literal`. `work` gets the rows of each opening statement, in order, and
 * returns its result with the closing statements (or null). Rolls back if anything throws.
 */
export async function transactionBetween<T>(
  opening: string | null,
  work: (sql: Sql, opened: unknown[][]) => Promise<{ result: T; closing: string | null }>,
): Promise<T> {
  db();
  const client = await pool().connect();
  try {
    let opened: unknown[][] = [];
    if (opening) {
      const results = (await client.query(`BEGIN; ${opening}`)) as unknown as pg.QueryResult[];
      opened = results.slice(1).map((r) => r.rows);
    } else {
      await client.query("BEGIN");
    }
    const { result, closing } = await work(pgSql(client), opened);
    await client.query(closing ? `${closing}; COMMIT` : "COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** A value as an SQL literal, for statements sent without parameters (transactionBetween). */
export function literal(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return pg.escapeLiteral(value);
}

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(tx: Sql | undefined, work: (sql: Sql) => Promise<T>): Promise<T> {
  return tx ? work(tx) : transaction(work);
}
