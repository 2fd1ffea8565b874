import pg from "pg";
import { jobLogger } from "./job-logger";

/** A pg pool for graphile-worker, with the error handlers it asks for (https://err.red/wpeh): a lost idle
 * connection is logged and replaced instead of crashing the process. */
export function makeJobPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  const onError = (error: Error) => jobLogger.error(`job pool: ${error.message}`);
  pool.on("error", onError);
  pool.on("connect", (client) => client.on("error", onError));
  return pool;
}
