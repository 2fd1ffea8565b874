import type { Task } from "graphile-worker";
import { deliverNotifications } from "@/lib/notifications/deliver";
import type { Channel } from "@/lib/notifications/schedule";

/**
 * graphile-worker task `deliver_notifications`: one coalesced email or push for one person in one workspace
 * (lib/notifications/deliver.ts). A channel's failure (SMTP, the push service) throws, and the job is retried.
 */
export const deliverNotificationsTask: Task = async (payload) => {
  const { user_id, workspace_id, channel } = payload as { user_id: string; workspace_id: string; channel: Channel };
  await deliverNotifications({ userId: user_id, workspaceId: workspace_id, channel });
};
