import { watchChannel } from "@/lib/db/listener";
import { processSingleton } from "@/lib/process-singleton";

// Fans this process's one LISTEN on the bot events channel out to the open `relay listen` streams of each bot. The
// trigger of migration 20261205000000_listen NOTIFYs a new delivery's bot and stream position, only while the bot
// holds a listen lease; notifications come in the order their transactions committed.

export const BOT_EVENTS_CHANNEL = "relay_bot_events";

/** What the trigger says of a new delivery: its bot and its place in the bot's stream (a bigint, as text). */
export interface BotEventNotice {
  bot_id: string;
  seq: number | string;
}

type Watcher = (seq: string) => void;

const watchers = processSingleton("__relayBotEventWatchers", () => new Map<string, Set<Watcher>>());

function dispatch(notice: BotEventNotice) {
  for (const watcher of watchers.get(notice.bot_id) ?? []) watcher(String(notice.seq));
}

const watching = () => processSingleton("__relayBotEventWatching", () => watchChannel(BOT_EVENTS_CHANNEL, dispatch));

/** Calls `watcher` with the stream position of each committed delivery of the bot until the returned function is called. */
export async function watchBotEvents(botId: string, watcher: Watcher): Promise<() => void> {
  await watching();
  let set = watchers.get(botId);
  if (!set) watchers.set(botId, (set = new Set()));
  set.add(watcher);
  return () => {
    set.delete(watcher);
    if (set.size === 0) watchers.delete(botId);
  };
}
