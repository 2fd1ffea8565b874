import pg from "pg";
import { jobLogger } from "./job-logger";
import { handleIdleErrors } from "./pool-errors";

/** A pg pool for graphile-worker, with the idle-error handlers it asks for. */
export function makeJobPool(connectionString: string, max: number): pg.Pool {
  return handleIdleErrors(new pg.Pool({ connectionString, max }), (message) => jobLogger.error(`job pool: ${message}`));
}
