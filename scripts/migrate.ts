import { prepareDatabase } from "@/lib/db/setup";
import { disconnectDb } from "@/lib/db/client";
import { recordServerSettings } from "@/lib/deployment/settings";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { recordJobsEngine } from "@/lib/jobs/engine";

// `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded database) and says which. It is
// the release step of a deployment (docs/guides/operators.md "Deploying"), whose app servers run without `npm start`'s
// launcher: so it also records ALLOW_LOOPBACK_WEBHOOKS for the deployment when the variable is set
// (lib/deployment/settings.ts), and the jobs engine (JOBS_ENGINE, lib/jobs/engine.ts), which every enqueueing
// transaction of the deployment reads.
prepareDatabase()
  .then(async (ready) => {
    if (ready.migrationsApplied.length) log().info({ migrations: ready.migrationsApplied }, "applied migrations");
    else log().info("database is up to date");
    const variable = env().ALLOW_LOOPBACK_WEBHOOKS;
    if (variable) {
      await recordServerSettings({ allow: variable === "true", recordedBy: "environment" });
      log().info({ allowed: variable === "true", recorded_by: "environment" }, "webhooks over http to loopback");
    }
    await recordJobsEngine(env().JOBS_ENGINE);
    log().info({ engine: env().JOBS_ENGINE }, "jobs engine");
    await disconnectDb();
    if (ready.embedded?.owned) await ready.embedded.stop();
  })
  .catch((error) => {
    log().fatal({ err: error }, "migration failed");
    process.exit(1);
  });
