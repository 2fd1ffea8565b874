import pg from "pg";
import { processSingleton } from "@/lib/process-singleton";
import { directDatabaseUrl } from "./url";

// One LISTEN connection per process, shared by everything that reacts to Postgres NOTIFY (cache invalidation now,
// live updates later). While it is down, `listening()` is false and users of it must not trust what they cached:
// `onReset` handlers run when the connection drops, and it reconnects in the background.

type Handler = (payload: string) => void;

interface ListenerState {
  client: pg.Client | null;
  connecting: Promise<void> | null;
  healthy: boolean;
  channels: Map<string, Set<Handler>>;
  resets: Set<() => void>;
  closed: boolean;
}

const state = processSingleton<ListenerState>("__relayListener", () => ({
  client: null,
  connecting: null,
  healthy: false,
  channels: new Map(),
  resets: new Set(),
  closed: false,
}));

export const listening = () => state.healthy;

export interface SubscribeOptions {
  /** Called with each notification's payload on the channel. */
  handler: Handler;
  /** Called when the connection drops: what was cached from the channel can no longer be trusted. */
  onReset?: () => void;
}

/**
 * Subscribes to a channel; resolves once LISTEN is in place (or the attempt failed: then `listening()` is false).
 * Idempotent, and cheap once the connection is up (a map lookup): a cache calls it on every use rather than keeping its
 * own "subscribed" flag, so it is subscribed whoever opened the connection first (a chat's live stream, another cache)
 * and reconnects it when it is down.
 */
export async function subscribe(channel: string, { handler, onReset }: SubscribeOptions): Promise<void> {
  state.closed = false;
  let handlers = state.channels.get(channel);
  const newChannel = !handlers;
  if (!handlers) state.channels.set(channel, (handlers = new Set<Handler>()));
  handlers.add(handler);
  if (onReset) state.resets.add(onReset);
  if (state.client && state.healthy) {
    // A known channel was LISTENed when the connection opened (connect) or when it was first added.
    if (newChannel) await state.client.query(`LISTEN "${channel}"`).catch(() => markDown());
    return;
  }
  await connect();
}

type Watcher = (notice: unknown) => void;
const fanOuts = processSingleton(
  "__relayFanOuts",
  () => new Map<string, { watchers: Set<Watcher>; listening: Promise<void> }>(),
);

/**
 * Calls `watcher` with each notification on `channel`, parsed as JSON (a malformed one is dropped), until the returned
 * function is called. All watchers of a channel share one handler, so its LISTEN is issued once.
 */
export async function watchChannel<T>(channel: string, watcher: (notice: T) => void): Promise<() => void> {
  let fanOut = fanOuts.get(channel);
  if (!fanOut) {
    const watchers = new Set<Watcher>();
    const listening = subscribe(channel, {
      handler: (payload) => {
        let notice: unknown;
        try {
          notice = JSON.parse(payload);
        } catch {
          return;
        }
        for (const each of watchers) each(notice);
      },
    });
    fanOuts.set(channel, (fanOut = { watchers, listening }));
  }
  await fanOut.listening;
  const added = watcher as Watcher;
  fanOut.watchers.add(added);
  return () => void fanOut.watchers.delete(added);
}

function connect(): Promise<void> {
  state.connecting ??= (async () => {
    const url = directDatabaseUrl(); // LISTEN needs a session of its own: never through a pooler
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (message) => {
      for (const handler of state.channels.get(message.channel) ?? []) handler(message.payload ?? "");
    });
    client.on("error", () => markDown());
    client.on("end", () => markDown());
    try {
      await client.connect();
      for (const channel of state.channels.keys()) await client.query(`LISTEN "${channel}"`);
      state.client = client;
      state.healthy = true;
    } catch {
      await client.end().catch(() => {});
      markDown();
    }
  })().finally(() => {
    state.connecting = null;
  });
  return state.connecting;
}

function markDown() {
  const wasHealthy = state.healthy;
  state.healthy = false;
  const client = state.client;
  state.client = null;
  if (client) void client.end().catch(() => {});
  if (wasHealthy) for (const reset of state.resets) reset();
  if (!state.closed) setTimeout(() => void connect(), 1000).unref();
}

export async function closeListener(): Promise<void> {
  state.closed = true;
  state.healthy = false;
  const client = state.client;
  state.client = null;
  for (const reset of state.resets) reset();
  await client?.end().catch(() => {});
}
