import { pool } from "./client";

// Maintenance statements the product runs outside any transaction (VACUUM cannot run in one, nor be prepared).

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * VACUUMs the tables now: the old versions of rows that an update or a delete left behind (which still hold what was
 * there) are reclaimed, instead of whenever autovacuum gets to them. Takes no lock that stops reads or writes.
 */
export async function vacuum(tables: string[]): Promise<void> {
  for (const table of tables) if (!IDENTIFIER.test(table)) throw new Error(`not a table name: ${table}`);
  if (tables.length) await pool().query(`VACUUM ${tables.join(", ")}`);
}
