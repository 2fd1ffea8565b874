import type pg from "pg";

/** The connections each pool has open, to wait for their close in endPool(). */
const open = new WeakMap<pg.Pool, Set<pg.PoolClient>>();

/**
 * Error handlers every pg pool needs (https://err.red/wpeh): a pooled connection that the server closes while idle
 * (a restart, a dropped database, an admin's pg_terminate_backend) emits "error"; unhandled, that would crash the
 * process. Handled, the pool logs it and replaces the connection. The pool's connections are also tracked for
 * endPool().
 */
export function handleIdleErrors(pool: pg.Pool, log: (message: string) => void): pg.Pool {
  const onError = (error: Error) => log(error.message);
  const clients = new Set<pg.PoolClient>();
  open.set(pool, clients);
  pool.on("error", onError);
  pool.on("connect", (client) => {
    client.on("error", onError);
    clients.add(client);
    client.once("end", () => clients.delete(client));
  });
  return pool;
}

/**
 * Ends a pool and resolves once each of its connections is closed, or after `timeoutMs`. pool.end() resolves as soon
 * as it has asked each connection to close, before the server has read the goodbye: a database stopped right after
 * (scripts/serve.ts stops the embedded one last) would end those sessions itself, and each would log "terminating
 * connection due to administrator command".
 */
export async function endPool(pool: pg.Pool, timeoutMs = 5_000): Promise<void> {
  if (!pool.ending) await pool.end(); // (another owner may have begun it: still wait for the connections)
  const clients = [...(open.get(pool) ?? [])];
  if (!clients.length) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(clients.map((client) => new Promise((resolve) => client.once("end", resolve)))),
    new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
  ]);
  clearTimeout(timer);
}
