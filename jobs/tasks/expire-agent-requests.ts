import type { Task } from "graphile-worker";
import { expireAgentRequests } from "@/lib/agents/expire-agent-requests";

/** graphile-worker task `expire_agent_requests` (crontab, every minute): marks overdue agent requests expired. */
export const expireAgentRequestsTask: Task = async (_payload, helpers) => {
  const { expired } = await expireAgentRequests();
  if (expired.length) helpers.logger.info(`expired ${expired.length} agent request(s)`);
};
