import { pool } from "@/lib/db/client";

// The one store every limiter of rate-limiter-flexible uses (docs/decisions/016-throttling.md): the `rate_limits`
// table (made by a migration), through the app's pool, looked up per query (tests and the CLI may close and reopen
// it: lib/db/client.ts). The library writes its own statements there.
export const RATE_LIMIT_STORE = {
  storeClient: { query: (query: { text: string; values?: unknown[]; name?: string }) => pool().query(query) },
  storeType: "pool",
  tableName: "rate_limits",
  tableCreated: true,
} as const;
