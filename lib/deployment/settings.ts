import { query, sql as poolSql, type Sql } from "@/lib/db/sql";

// Settings of the deployment as a whole live in the database (one row of deployment_settings), so that every process
// on it (the app, `npm run worker` processes, the CLI) reads the same value: a setting that each process took from
// its own environment let `cli bot ping`, run without the variable, deliver where the server refused to.
//
// http webhooks to loopback (docs/design.md#loopback-webhooks) are the one such setting. The app server records it at
// start from its environment (`recordServerSettings`); a fresh embedded database is a local install and allows them
// until the app server says otherwise (`settleEmbeddedDefaults`, lib/db/setup.ts, which makes that database: the
// database's floor imports nothing above it, docs/decisions/033-import-floors.md). Nothing else writes the row.

export type RecordedBy = "default" | "embedded" | "environment" | "server";

const READ = query("deployment.loopbackAllowed", { text: "SELECT allow_loopback_webhooks FROM deployment_settings" });
const RECORD = query("deployment.recordServer", {
  text: `UPDATE deployment_settings SET allow_loopback_webhooks = $1, recorded_by = $2, updated_at = now()`,
});

export async function loopbackWebhooksAllowed(client: Sql = poolSql()): Promise<boolean> {
  const [row] = await client.query(READ);
  return row?.allow_loopback_webhooks ?? false;
}

/** An SQL expression for the same value, for statements that read it beside other things (one round trip). */
export const LOOPBACK_WEBHOOKS_ALLOWED_SQL =
  "coalesce((SELECT allow_loopback_webhooks FROM deployment_settings), false)";

/**
 * The app server's value: ALLOW_LOOPBACK_WEBHOOKS when set; otherwise allowed on the embedded database (a local
 * install) and by the development server, refused by a production server on its own database.
 */
export function serverLoopbackSetting(options: {
  variable: "true" | "false" | undefined;
  embedded: boolean;
  mode: "dev" | "start";
}): { allow: boolean; recordedBy: RecordedBy } {
  if (options.variable) return { allow: options.variable === "true", recordedBy: "environment" };
  return { allow: options.embedded || options.mode === "dev", recordedBy: "server" };
}

export async function recordServerSettings(
  setting: { allow: boolean; recordedBy: RecordedBy },
  client: Sql = poolSql(),
): Promise<void> {
  await client.query(RECORD, [setting.allow, setting.recordedBy]);
}
