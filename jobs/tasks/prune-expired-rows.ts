import type { Task } from "graphile-worker";
import { pruneExpiredRows } from "@/lib/retention/prune-expired-rows";

/** graphile-worker task `prune_expired_rows` (crontab, every 10 minutes): retention, in small batches. */
export const pruneExpiredRowsTask: Task = async (_payload, helpers) => {
  const { deleted, done, ms } = await pruneExpiredRows();
  if (Object.values(deleted).some(Boolean) || !done) {
    helpers.logger.info(`retention: ${JSON.stringify(deleted)} in ${Math.round(ms)} ms${done ? "" : ", more left for the next run"}`);
  }
};
