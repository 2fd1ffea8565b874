import { disconnectDb } from "@/lib/db/client";
import { emit, runCli } from "./run";

// `npm run --silent cli -- <command>`: for admins, scripts and tests. The CLI itself is runCli (cli/run.ts); this
// process gives it its arguments and streams, closes the database connections and exits with its code.

runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr })
  .finally(() => disconnectDb().catch(() => {}))
  .then(
    (code) => process.exit(code),
    async (error: unknown) => {
      await emit(process.stderr, JSON.stringify({ error: { code: "internal_error", message: String(error) } }));
      process.exit(1);
    },
  );
