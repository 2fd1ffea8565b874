import { prepareDatabase } from "@/lib/db/setup";

// `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded database) and says which.
prepareDatabase()
  .then(async (ready) => {
    console.log(ready.migrationsApplied.length ? `applied: ${ready.migrationsApplied.join(", ")}` : "database is up to date");
    if (ready.embedded?.owned) await ready.embedded.stop();
  })
  .catch((error) => {
    console.error(`migration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
