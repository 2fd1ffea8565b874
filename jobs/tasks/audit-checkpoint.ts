import type { Task } from "graphile-worker";
import { writeCheckpoint } from "@/lib/audit/checkpoints";

/** graphile-worker task `audit_checkpoint` (crontab, every 10 minutes): seals the audit chain and signs its head. */
export const auditCheckpointTask: Task = async (_payload, helpers) => {
  const { checkpoint, sealed } = await writeCheckpoint();
  if (sealed > 0) helpers.logger.info(`audit: sealed ${sealed}, checkpoint at seq ${checkpoint?.seq ?? 0}`);
};
