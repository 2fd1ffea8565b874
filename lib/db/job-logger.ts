import { Logger } from "graphile-worker";
import { log } from "@/lib/log";

// graphile-worker's log, through the process's logger (lib/log.ts): its warnings and errors as they are, with the
// job's task and id; its info (a line for every job it runs) at debug, its debug at trace, so LOG_LEVEL=info keeps
// warnings and errors only. Of a line's `meta` only the keys are kept: it may hold a job's payload.
const LEVELS = { error: "error", warning: "warn", info: "debug", debug: "trace" } as const;

export const jobLogger = new Logger((scope) => (level, message, meta) => {
  const fields = {
    source: "jobs",
    ...(scope.taskIdentifier ? { task: scope.taskIdentifier } : {}),
    ...(scope.jobId !== undefined ? { job_id: String(scope.jobId) } : {}),
    ...(scope.workerId ? { worker_id: scope.workerId } : {}),
    ...(meta ? { meta_keys: Object.keys(meta) } : {}),
  };
  log()[LEVELS[level] ?? "info"](fields, message);
});
