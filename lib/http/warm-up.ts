import { createHash, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { poolSize } from "@/lib/db/client";
import { declaredQuery, statement, warmConnections, type Query, type StatementName } from "@/lib/db/sql";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { sendOpening } from "@/lib/messages/send-message";
import { localOrigin } from "@/lib/net/local-origin";
import { botDayHoldsStatement } from "@/lib/policy/load-snapshot";
import { tokenStatement } from "@/lib/throttle/bot-rate";
import { openingStatements } from "./idempotency";
// Declares bots.findKey, which the warm-up prepares (a bot's first request in a process looks its key up).
import "@/lib/bots/authenticate-bot";

// The app server's warm-up of itself (docs/decisions/041-one-busy-bot.md, "Amendment"), run in the background by
// instrumentation.ts, GET /api/ready saying `warming` until it ends (lib/health/warming.ts, which also bounds it in
// time). A fresh server was slow for its first seconds of a bot's sends (p99 4× the steady one): its request path ran
// for the first time (modules loaded, code not yet compiled by the JIT), and each new PostgreSQL connection of the pool
// prepared every statement of a send on first use. Two parts, side by side, each ending on its own errors (logged):
// - the database: the pool's connections opened, and on each the send's statements prepared, the harmless ones run
//   with a random bot's and conversation's ids, in a transaction rolled back (lib/db/sql.ts `warmConnections`);
// - the request path: requests to the bot's send route, over loopback, WITHOUT a key. Each is answered 401 by the
//   route's wrapper (lib/http/bot-route.ts) with nothing read or counted: a missing credential is no guess and the
//   credential throttle does not count it (lib/bots/authenticate-bot.ts). A wrong key would be counted, and would lock
//   this server's own address out after 50 (lib/throttle/policies.ts CREDENTIALS). They are counted in the metrics'
//   requests, as 401s of the route.

/** Requests to the send route, without a key, and how many at once. */
export const WARM_UP_REQUESTS = 50;
const IN_FLIGHT = 4;
/** The first request is tried this many times, 100 ms apart, while the server does not answer yet. */
const FIRST_TRIES = 100;

/** The statements of a bot's send (lib/http/bot-route.ts, lib/messages/send-message.ts) that write whatever their
 * values: prepared, never run. Private to their modules, found by name. */
const WRITES: StatementName[] = ["messages.insert", "messages.expectWritten", "auditLog.append", "idempotency.store"];

export interface WarmUpOptions {
  /** Where this server serves, over loopback (lib/net/local-origin.ts). */
  origin: string;
  /** Connections to open and ready: the pool's size (lib/db/client.ts). */
  connections: number;
  requests?: number;
  /** Aborted when the warm-up is out of time: no more requests are sent. */
  signal?: AbortSignal;
}

/** The warm-up of the server this process runs, as its environment says (instrumentation.ts). */
export const warmUpServer = (signal: AbortSignal) =>
  warmUp({ origin: localOrigin(env()), connections: poolSize(), signal });

/** Both parts, side by side; resolves with what each did (for the log), whatever failed. */
export async function warmUp(options: WarmUpOptions): Promise<Record<string, unknown>> {
  const [database, requests] = await Promise.all([
    warmDatabase(options.connections).catch((error: unknown) => {
      log().error({ err: (error as Error).message }, "warm-up: the database part failed");
      return { connections_warmed: 0 };
    }),
    warmRequestPath(options).catch((error: unknown) => {
      if (!options.signal?.aborted) log().error({ err: (error as Error).message }, "warm-up: the request path failed");
      return { requests_answered: 0 };
    }),
  ]);
  return { ...database, ...requests };
}

/**
 * What a send runs, with values that match nothing: a bot and a conversation that do not exist. The token statement
 * finds no bot (no token taken), the idempotency lock is a random key's, the snapshot and the locks of the serialized
 * opening find no row, the day's check finds no bot; bots.findKey looks up a hash no key has.
 */
export function sendRehearsal() {
  const bot: BotPrincipal = {
    id: randomUUID(),
    handle: "warm-up",
    name: "warm-up",
    workspaceId: randomUUID(),
    keyId: randomUUID(),
    scopes: [],
    status: "active",
  };
  const findKey = declaredQuery("bots.findKey");
  const writes = WRITES.map((name) => declaredQuery(name));
  return {
    rehearsal: {
      pipelined: [
        tokenStatement(bot.id),
        ...openingStatements(bot.id, `warm-up-${randomUUID()}`),
        // The serialized opening holds the optimistic one's statement (the snapshot) and the commit's lock.
        ...sendOpening(bot, { conversationId: randomUUID(), serialized: true }),
        botDayHoldsStatement(bot, { now: new Date() }),
      ],
      // As a request without an Idempotency-Key takes its token (takeBotToken), and as the key's lookup runs.
      queried: [
        tokenStatement(bot.id),
        ...(findKey ? [statement(findKey, [createHash("sha256").update(randomUUID()).digest("hex")])] : []),
      ],
      preparedOnly: writes.filter((query): query is Query => query !== undefined),
    },
    /** Statements the warm-up looked for and no loaded module declares (renamed?): logged. */
    missing: [...(findKey ? [] : ["bots.findKey"]), ...WRITES.filter((_, i) => !writes[i])],
  };
}

async function warmDatabase(connections: number): Promise<Record<string, unknown>> {
  const { rehearsal, missing } = sendRehearsal();
  if (missing.length) log().warn({ missing }, "warm-up: statements not found, not prepared");
  const { warmed, failures } = await warmConnections(connections, rehearsal);
  if (failures.length) {
    log().error(
      { failed: failures.length, of: connections, err: failures[0]!.message },
      "warm-up: connections not readied",
    );
  }
  const statements = rehearsal.pipelined.length + rehearsal.queried.length + rehearsal.preparedOnly.length;
  return { connections_warmed: warmed, connections_failed: failures.length, statements };
}

/**
 * Requests to the send route without a key, IN_FLIGHT at a time. The first is tried again until the server answers
 * (Next listens before it runs instrumentation, or just after: either way the route may not be served yet).
 */
async function warmRequestPath({ origin, requests = WARM_UP_REQUESTS, signal }: WarmUpOptions) {
  const url = `${origin}/api/public/v1/conversations/${randomUUID()}/messages`;
  const send = async (i: number) => {
    const response = await fetch(url, {
      method: "POST",
      // No Authorization header at all: see the head of this file.
      headers: { "content-type": "application/json", "idempotency-key": `warm-up-${i}`, "user-agent": "relay-warm-up" },
      body: JSON.stringify({ body: `Warm-up ${i}` }),
      signal,
    });
    await response.arrayBuffer();
    return response.status;
  };
  const statuses: Record<number, number> = {};
  const count = (status: number) => void (statuses[status] = (statuses[status] ?? 0) + 1);
  for (let tries = 1; ; tries++) {
    try {
      count(await send(0));
      break;
    } catch (error) {
      if (signal?.aborted || tries === FIRST_TRIES) throw error;
      await sleep(100);
    }
  }
  let next = 1;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < requests && !signal?.aborted) count(await send(next++));
    }),
  );
  const unexpected = Object.keys(statuses).filter((status) => status !== "401");
  if (unexpected.length) log().warn({ statuses }, "warm-up: the send route answered other than 401");
  return { requests_answered: Object.values(statuses).reduce((a, b) => a + b, 0), statuses };
}
