-- Settings of the deployment as a whole, read alike by every process on this database (app, workers, CLI): one row.
-- allow_loopback_webhooks starts off; a fresh embedded database (a local install) or the app server's environment
-- records otherwise (lib/deployment/settings.ts).
CREATE TABLE "deployment_settings" (
    "id" BOOLEAN NOT NULL DEFAULT true,
    "allow_loopback_webhooks" BOOLEAN NOT NULL DEFAULT false,
    "recorded_by" TEXT NOT NULL DEFAULT 'default',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "deployment_settings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "deployment_settings_one_row" CHECK ("id")
);

INSERT INTO "deployment_settings" ("id") VALUES (true);
