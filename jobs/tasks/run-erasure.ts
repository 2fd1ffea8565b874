import type { Task } from "graphile-worker";
import { runErasure } from "@/lib/privacy/run-erasure";

/** graphile-worker task `run_erasure`: an erasure, from the step its record names to the end; retried on failure. */
export const runErasureTask: Task = async (payload) => {
  await runErasure(String((payload as { erasure_id: unknown }).erasure_id));
};
