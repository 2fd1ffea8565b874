import type { Task } from "graphile-worker";
import { expireDrafts } from "@/lib/drafts/expire-drafts";
import { sendReminders } from "@/lib/notifications/reminders";

/** graphile-worker task `expire_drafts` (crontab, every minute): drafts and held messages past their expiry. */
export const expireDraftsTask: Task = async (_payload, helpers) => {
  const { expired } = await expireDrafts();
  if (expired.length) helpers.logger.info(`expired ${expired.length} draft(s)`);
};

/** graphile-worker task `send_reminders` (crontab, every minute): one reminder per approval still waiting. */
export const sendRemindersTask: Task = async (_payload, helpers) => {
  const sent = await sendReminders();
  if (sent.drafts + sent.agentRequests) helpers.logger.info(`reminders: ${JSON.stringify(sent)}`);
};
