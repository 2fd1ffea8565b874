import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";
import pinoPretty from "pino-pretty";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";

// The operational log of every process (app server, worker, `npm start`'s launcher), by pino
// (docs/guides/operators.md "Metrics and logs"): one JSON object a line on stdout, or, on a terminal (or
// LOG_FORMAT=pretty), a readable line each by pino-pretty: time, level, message and the line's fields. A line logged
// while a request is handled carries its request id (`request_id`, the X-Request-Id the caller receives): the route
// wrappers run their handler inside `withRequestId` (lib/http/bot-route.ts, lib/http/api-handler.ts) and the logger's
// mixin reads it back. No transports (they run in worker threads that a bundled Next server cannot start): pino writes
// each line to process.stdout, which is synchronous for files and pipes on Linux, and pino-pretty formats in this
// thread and writes synchronously, so nothing is lost when a process exits. The CLI prints JSON documents as its
// interface and does not log through here.

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

export type LogFormat = "json" | "pretty";

/** LOG_FORMAT when set; else readable lines on a terminal, JSON lines for everything else (files, pipes, shippers). */
export function logFormat(setting: LogFormat | undefined, isTTY = process.stdout.isTTY === true): LogFormat {
  return setting ?? (isTTY ? "pretty" : "json");
}

/**
 * pino-pretty's stream, formatting in this thread: `12:04:05.123 INFO: seeded the demo workspace` and the line's
 * fields on the same line (`workspace: "demo"`), coloured on a terminal. Written synchronously to `destination`.
 */
export function prettyStream({
  colorize,
  destination = process.stdout,
}: {
  colorize: boolean;
  destination?: NodeJS.WritableStream;
}) {
  return pinoPretty({
    colorize,
    destination,
    sync: true,
    singleLine: true,
    translateTime: "SYS:HH:MM:ss.l",
    // The process id says little on one machine; the request id stays (it finds a request's lines).
    ignore: "pid,hostname",
  });
}

/** The process's logger: `log().info({ delivery_id }, "delivered")`, `log().error({ err }, "what failed")`. */
export function log(): Logger {
  return processSingleton("__relayLog", () => {
    const config = env();
    const destination =
      logFormat(config.LOG_FORMAT) === "pretty"
        ? prettyStream({ colorize: process.stdout.isTTY === true })
        : process.stdout;
    return pino(loggerOptions(config.LOG_LEVEL), destination);
  });
}
