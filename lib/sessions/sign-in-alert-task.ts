// The job that e-mails a person about a sign-in from a new device (lib/sessions/sign-in-alert.ts), by name, for the
// modules that enqueue it and the engines that run it (jobs/worker.ts, inngest/functions.ts).

export const SIGN_IN_ALERT_TASK = "sign_in_alert";
/** Tries in all (graphile's max_attempts; the Inngest function retries one fewer). */
export const SIGN_IN_ALERT_MAX_ATTEMPTS = 5;
