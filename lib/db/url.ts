import { env } from "@/lib/env";

// The database this process uses. A process that resolved it itself (lib/db/setup.ts: DATABASE_URL, or the embedded
// server it found or started) selects it here; otherwise it is DATABASE_URL, which `npm start` hands the Next server
// it spawns (scripts/serve.ts). Kept on globalThis, as the client is, so every bundle of a process sees one value.

const store = globalThis as unknown as { __relayDatabaseUrl?: string };

/** The URL every connection of this process opens (lib/db/client.ts, listener.ts), or undefined when none is known. */
export function databaseUrl(): string | undefined {
  return store.__relayDatabaseUrl ?? env().DATABASE_URL;
}

/** Points this process at a database; the next db() opens a pool on it (callers disconnect the previous one). */
export function selectDatabase(url: string): void {
  store.__relayDatabaseUrl = url;
}
