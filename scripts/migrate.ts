import { prepareDatabase } from "@/lib/db/setup";
import { log } from "@/lib/log";

// `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded database) and says which.
prepareDatabase()
  .then(async (ready) => {
    if (ready.migrationsApplied.length) log().info({ migrations: ready.migrationsApplied }, "applied migrations");
    else log().info("database is up to date");
    if (ready.embedded?.owned) await ready.embedded.stop();
  })
  .catch((error) => {
    log().fatal({ err: error }, "migration failed");
    process.exit(1);
  });
