import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";

// The operational log of every process (app server, worker, `npm start`'s launcher): one JSON object a line on
// stdout, by pino (README "Metrics and logs"). A line logged while a request is handled carries its request id
// (`request_id`, the X-Request-Id the caller receives): the route wrappers run their handler inside `withRequestId`
// (lib/http/bot-route.ts, lib/http/api-handler.ts) and the logger's mixin reads it back. No transports (they run in
// worker threads that a bundled Next server cannot start): pino writes each line to process.stdout, which is
// synchronous for files and pipes on Linux, so nothing is lost when a process exits. The CLI prints JSON documents as
// its interface and does not log through here.

interface RequestContext {
  requestId: string;
}

// One per process, as the database client is (lib/process-singleton.ts): every bundle shares one logger and context.
const requestContext = (): AsyncLocalStorage<RequestContext> =>
  processSingleton("__relayRequestContext", () => new AsyncLocalStorage<RequestContext>());

/** Runs `work` with `requestId` as the request id of every line it logs, however deep and however asynchronous. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestContext().run({ requestId }, work);
}

/** The request id of the request being handled, if any. */
export const currentRequestId = (): string | undefined => requestContext().getStore()?.requestId;

/** Options shared by the process's logger and the tests' (which give their own destination). */
export function loggerOptions(level: string): pino.LoggerOptions {
  return {
    level,
    // `level` as its name ("info"), `time` as an ISO date: readable as they are, and what log shippers parse.
    formatters: { level: (label) => ({ level: label }) },
    timestamp: pino.stdTimeFunctions.isoTime,
    base: { pid: process.pid },
    messageKey: "msg",
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { request_id: requestId } : {};
    },
  };
}

/** The process's logger: `log().info({ delivery_id }, "delivered")`, `log().error({ err }, "what failed")`. */
export function log(): Logger {
  return processSingleton("__relayLog", () => pino(loggerOptions(env().LOG_LEVEL), process.stdout));
}
