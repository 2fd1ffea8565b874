import { pool } from "@/lib/db/client";
import { behindPooler } from "@/lib/db/url";

// The one store every limiter of rate-limiter-flexible uses (docs/decisions/016-throttling.md): the `rate_limits`
// table (made by a migration), through the app's pool, looked up per query (tests and the CLI may close and reopen
// it: lib/db/client.ts). The library writes its own statements there, and names them (prepared once per connection):
// behind a transaction-mode pooler the name is dropped, since the next query may run on another server session
// (docs/decisions/043-behind-a-pooler.md).
export const RATE_LIMIT_STORE = {
  storeClient: {
    query: ({ name, ...query }: { text: string; values?: unknown[]; name?: string }) =>
      pool().query(behindPooler() || name === undefined ? query : { ...query, name }),
  },
  storeType: "pool",
  tableName: "rate_limits",
  tableCreated: true,
} as const;
