import type { Task } from "graphile-worker";
import { buildExport } from "@/lib/privacy/build-export";
import { runErasure } from "@/lib/privacy/run-erasure";

/** graphile-worker task `run_erasure`: an erasure, from the step its record names to the end; retried on failure. */
export const runErasureTask: Task = async (payload) => {
  await runErasure(String((payload as { erasure_id: unknown }).erasure_id));
};

/** graphile-worker task `build_export`: an export's archive; a failure is recorded on the export, then retried. */
export const buildExportTask: Task = async (payload) => {
  await buildExport(String((payload as { export_id: unknown }).export_id));
};
