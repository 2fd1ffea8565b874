import { env } from "@/lib/env";
import { processSlot } from "@/lib/process-singleton";

// The database this process uses. A process that resolved it itself (lib/db/setup.ts: DATABASE_URL, or the embedded
// server it found or started) selects it here; otherwise it is DATABASE_URL, which `npm start` hands the Next server
// it spawns (scripts/serve.ts). One per process, as the client is (lib/process-singleton.ts), so every bundle sees it.

//
// Behind a transaction-mode pooler (docs/decisions/043-behind-a-pooler.md) the database has two URLs: the pooler's,
// which the pool opens, and the direct one (DATABASE_DIRECT_URL) for what needs a session of its own: LISTEN
// (listener.ts), migrations and their session lock (migrate.ts), the job runner (jobs/worker.ts).

const selected = processSlot<{ url: string; direct: string | undefined }>("__relayDatabaseUrl");

/** The URL the pool of this process opens (lib/db/client.ts), or undefined when none is known. */
export function databaseUrl(): string | undefined {
  return selected.get()?.url ?? env().DATABASE_URL;
}

/** The URL of the database's own sessions: the direct one when the pool's goes through a pooler, else the same. */
export function directDatabaseUrl(): string | undefined {
  const chosen = selected.get();
  return chosen ? (chosen.direct ?? chosen.url) : (env().DATABASE_DIRECT_URL ?? env().DATABASE_URL);
}

/**
 * Whether the pool's connections go through a transaction-mode pooler: each transaction may run on another server
 * session, so nothing may be kept in one between transactions (no named prepared statements: lib/db/sql.ts).
 */
export function behindPooler(): boolean {
  const direct = directDatabaseUrl();
  return direct !== undefined && direct !== databaseUrl();
}

export interface SelectDatabaseOptions {
  /** The direct URL when `url` is a transaction-mode pooler's. */
  direct?: string;
}

/** Points this process at a database; the next db() opens a pool on it (callers disconnect the previous one). */
export function selectDatabase(url: string, { direct }: SelectDatabaseOptions = {}): void {
  selected.set({ url, direct: direct === url ? undefined : direct });
}
