import type { AgentRequestType } from "@/lib/schemas/agent-requests";

/** How the portal names the request types of agent requests (the API's names are shown beside them). */
export const REQUEST_TYPE_LABELS: Record<AgentRequestType, string> = {
  availability: "Availability",
  document: "Documents",
  info: "Information",
  schedule_proposal: "Schedule proposals",
};
