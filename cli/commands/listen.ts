import { existsSync, readFileSync } from "node:fs";
import { env } from "@/lib/env";
import { demoCredentialsFile } from "@/lib/seed/ensure-demo";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";
import { ApiError, ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import { RelayApiError, RelayClient } from "@/sdk/client";
import { describeForward, listen, type ForwardResult } from "@/sdk/listen";
import { B, JsonLines, oneOf, required, S, str, bool, UsageError, type Args, type Command } from "./command";

// `listen` and `trigger` for a bot's developer (docs/decisions/039-relay-listen.md): the bot's events streamed from the
// server and forwarded, signed as real deliveries, to a local URL; a sample event on demand. They talk to the running
// server over HTTP with the bot's key, as the SDK's `relay` bin does (sdk/bin.ts), through the same code
// (sdk/listen.ts): the server signs, so no secret is needed here.

/** Relay's address: RELAY_URL, or APP_URL (whose default is `npm start`'s). */
const serverUrl = () => env().RELAY_URL ?? env().APP_URL;

/** The bot's key: --key, RELAY_API_KEY, or the demo's credentials file (DATA_DIR/demo-credentials.json) by handle. */
function apiKeyOf(args: Args, handle: string): string {
  const given = str(args, "key") ?? env().RELAY_API_KEY;
  if (given) return given;
  const file = demoCredentialsFile();
  if (existsSync(file)) {
    const demo = JSON.parse(readFileSync(file, "utf8")) as { bots?: { handle?: string; api_key?: string }[] };
    const bot = demo.bots?.find((each) => each.handle === handle);
    if (bot?.api_key) return bot.api_key;
  }
  throw new UsageError(
    `no API key for @${handle}: pass --key amk_... or set RELAY_API_KEY (the demo's bots need neither)`,
  );
}

/** The server's refusal as this CLI's own (its code and words), or why the server could not be reached. */
function fromRelay(error: unknown): unknown {
  if (!(error instanceof RelayApiError)) return error;
  if (error.status === 0)
    return new Error(
      `cannot reach Relay at ${serverUrl()} (${error.message}): is it running? RELAY_URL or APP_URL say where`,
    );
  return error.code in ERROR_STATUS ? new ApiError(error.code as ErrorCode, error.message) : error;
}

/** A client for the bot, checked to be that bot's (a key of another bot is a usage mistake, said plainly). */
async function botClient(args: Args) {
  const handle = required(str(args, "bot"), "--bot HANDLE").replace(/^@/, "");
  const client = new RelayClient({ baseUrl: serverUrl(), apiKey: apiKeyOf(args, handle), maxRetries: 0 });
  const me = await client.getMe().catch((error: unknown) => {
    throw fromRelay(error);
  });
  if (me.handle !== handle) throw new UsageError(`this key is @${me.handle}'s, not @${handle}'s`);
  return client;
}

/** What `listen` prints: one JSON line per event forwarded (with the lines a person reads) and per notice. */
async function* listening(run: (emit: (line: unknown) => void) => Promise<void>): AsyncGenerator<unknown> {
  const lines: unknown[] = [];
  let wake = () => {};
  let done = false;
  let failure: unknown;
  const emit = (line: unknown) => {
    lines.push(line);
    wake();
  };
  void run(emit)
    .then(
      () => (done = true),
      (error: unknown) => ((failure = fromRelay(error)), (done = true)),
    )
    .finally(() => wake());
  for (;;) {
    while (lines.length) yield lines.shift();
    if (done) break;
    await new Promise<void>((resolve) => (wake = resolve));
  }
  if (failure) throw failure;
}

const forwarded = (result: ForwardResult) => ({
  event: result.event_type,
  delivery_id: result.delivery_id,
  test: result.test,
  status: result.status,
  ms: result.ms,
  error: result.error,
  lines: describeForward(result),
});

export const listenCommands: Record<string, Command> = {
  listen: {
    usage: "listen --bot HANDLE --forward-to URL [--key amk_...] [--only]",
    flags: { bot: S, "forward-to": S, key: S, only: B },
    run: async (args) => {
      const forwardTo = required(str(args, "forward-to"), "--forward-to URL");
      if (!/^https?:\/\//.test(forwardTo))
        throw new UsageError(`--forward-to must be an http(s) URL, got "${forwardTo}"`);
      const client = await botClient(args);
      const stop = new AbortController();
      process.once("SIGINT", () => stop.abort());
      process.once("SIGTERM", () => stop.abort());
      return new JsonLines(
        listening((emit) =>
          listen({
            client,
            forwardTo,
            only: bool(args, "only"),
            signal: stop.signal,
            print: (line) => {
              if (!/^\d\d:\d\d:\d\d |^ {2}/.test(line)) emit({ notice: line });
            },
            onForward: (result) => emit(forwarded(result)),
          }),
        ),
      );
    },
  },
  trigger: {
    usage: `trigger TYPE --bot HANDLE [--key amk_...]   (TYPE: ${EVENT_TYPES.join(", ")})`,
    flags: { bot: S, key: S },
    run: async (args) => {
      const type = oneOf(args.positionals[0], { choices: EVENT_TYPES, what: "the event TYPE" });
      const client = await botClient(args);
      return {
        data: await client.triggerEvent({ type }).catch((error: unknown) => {
          throw fromRelay(error);
        }),
      };
    },
  },
};
