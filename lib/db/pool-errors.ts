import type pg from "pg";

/**
 * Error handlers every pg pool needs (https://err.red/wpeh): a pooled connection that the server closes while idle
 * (a restart, a dropped database, an admin's pg_terminate_backend) emits "error"; unhandled, that would crash the
 * process. Handled, the pool logs it and replaces the connection.
 */
export function handleIdleErrors(pool: pg.Pool, log: (message: string) => void): pg.Pool {
  const onError = (error: Error) => log(error.message);
  pool.on("error", onError);
  pool.on("connect", (client) => client.on("error", onError));
  return pool;
}
