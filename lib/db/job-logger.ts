import { Logger } from "graphile-worker";

// graphile-worker logs every job at info level; the app keeps warnings and errors, as one JSON line each.
export const jobLogger = new Logger(() => (level, message, meta) => {
  if (level === "error" || level === "warning") {
    console.error(JSON.stringify({ at: new Date().toISOString(), source: "jobs", level, message, ...(meta ? { meta: String(Object.keys(meta)) } : {}) }));
  }
});
