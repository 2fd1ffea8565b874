import { env } from "@/lib/env";
import { processSlot } from "@/lib/process-singleton";

// The database this process uses. A process that resolved it itself (lib/db/setup.ts: DATABASE_URL, or the embedded
// server it found or started) selects it here; otherwise it is DATABASE_URL, which `npm start` hands the Next server
// it spawns (scripts/serve.ts). One per process, as the client is (lib/process-singleton.ts), so every bundle sees it.

const selected = processSlot<string>("__relayDatabaseUrl");

/** The URL every connection of this process opens (lib/db/client.ts, listener.ts), or undefined when none is known. */
export function databaseUrl(): string | undefined {
  return selected.get() ?? env().DATABASE_URL;
}

/** Points this process at a database; the next db() opens a pool on it (callers disconnect the previous one). */
export function selectDatabase(url: string): void {
  selected.set(url);
}
