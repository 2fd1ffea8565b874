#!/usr/bin/env node
// The SDK's `relay` command: `relay listen` and `relay trigger` for a bot's developer (docs/decisions/039-relay-listen.md).
//
//   relay listen --forward-to http://localhost:4000/webhook [--bot HANDLE] [--key amk_...] [--only] [--secret whsec_...]
//   relay trigger message.received [--bot HANDLE] [--key amk_...]
//
// The key is --key or RELAY_API_KEY; Relay is RELAY_URL (or APP_URL), by default http://localhost:3000. --bot checks
// that the key is that bot's. --secret (or RELAY_SIGNING_SECRET) also verifies each delivery here.

import { parseArgs } from "node:util";
import { RelayApiError, RelayClient } from "./client.js";
import { listen } from "./listen.js";

const USAGE = `usage:
  relay listen --forward-to URL [--bot HANDLE] [--key amk_...] [--only] [--secret whsec_...]
  relay trigger TYPE [--bot HANDLE] [--key amk_...]

  The bot's key: --key or RELAY_API_KEY. Relay: RELAY_URL or APP_URL (default http://localhost:3000).`;

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      bot: { type: "string" },
      key: { type: "string" },
      "forward-to": { type: "string" },
      only: { type: "boolean" },
      secret: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, type] = positionals;
  if (values.help || !command) return usage(values.help ? 0 : 2);
  const apiKey = values.key ?? process.env.RELAY_API_KEY;
  if (!apiKey) return fail("no API key: pass --key amk_... or set RELAY_API_KEY");
  const baseUrl = process.env.RELAY_URL ?? process.env.APP_URL ?? "http://localhost:3000";
  const client = new RelayClient({ baseUrl, apiKey });
  const me = await client.getMe();
  if (values.bot && values.bot.replace(/^@/, "") !== me.handle)
    return fail(`this key is @${me.handle}'s, not @${values.bot.replace(/^@/, "")}'s`);

  if (command === "trigger") {
    if (!type) return usage(2);
    const triggered = await client.triggerEvent({ type: type as Parameters<RelayClient["triggerEvent"]>[0]["type"] });
    console.log(`Sent a sample ${triggered.type} to @${me.handle}: delivery ${triggered.delivery_id}`);
    return 0;
  }
  if (command === "listen") {
    const forwardTo = values["forward-to"];
    if (!forwardTo) return fail("--forward-to URL is required, e.g. --forward-to http://localhost:4000/webhook");
    const stop = new AbortController();
    process.once("SIGINT", () => stop.abort());
    process.once("SIGTERM", () => stop.abort());
    console.log(`relay listen: @${me.handle} on ${baseUrl}. Ctrl-C to stop.`);
    await listen({
      client,
      forwardTo,
      only: values.only === true,
      secret: values.secret ?? process.env.RELAY_SIGNING_SECRET,
      signal: stop.signal,
      print: (line) => console.log(line),
    });
    return 0;
  }
  return usage(2);
}

function usage(code: number): number {
  (code ? console.error : console.log)(USAGE);
  return code;
}

function fail(message: string): number {
  console.error(`relay: ${message}`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof RelayApiError ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
    console.error(`relay: ${message}`);
    process.exit(1);
  },
);
