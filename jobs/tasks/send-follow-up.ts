import type { Task } from "graphile-worker";
import { sendFollowUp } from "@/lib/drafts/send-follow-up";

/** graphile-worker task `send_follow_up`: sends a draft's follow-up when due, unless a reply or STOP cancelled it. */
export const sendFollowUpTask: Task = async (payload) => {
  const { draft_id } = payload as { draft_id: string };
  await sendFollowUp(draft_id);
};
