import type { Task } from "graphile-worker";
import type { NotifyEvent } from "@/lib/notifications/enqueue";
import { fanOut } from "@/lib/notifications/fan-out";

/** graphile-worker task `notify`: tells the people of one event (lib/notifications/fan-out.ts); retried on failure. */
export const notifyTask: Task = async (payload) => {
  await fanOut(payload as NotifyEvent);
};
