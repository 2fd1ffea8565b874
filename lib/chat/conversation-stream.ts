import { watchChannel } from "@/lib/db/listener";
import { CONVERSATION_CHANNEL, type LiveEvent } from "./live";

// Fans this process's one LISTEN on the conversation channel out to the open streams of each conversation.

type Watcher = (event: LiveEvent) => void;

const store = globalThis as unknown as {
  __relayWatchers?: Map<string, Set<Watcher>>;
  __relayWatching?: Promise<unknown>;
};
const watchers = (store.__relayWatchers ??= new Map());

function dispatch(event: LiveEvent) {
  for (const watcher of watchers.get(event.conversation_id) ?? []) watcher(event);
  for (const watcher of everywhere) watcher(event);
}

const everywhere: Set<Watcher> = ((globalThis as unknown as { __relayEverywhere?: Set<Watcher> }).__relayEverywhere ??=
  new Set());

/** Calls `watcher` on every committed change of every conversation (lib/chat/workspace-stream.ts filters them). */
export async function watchEveryConversation(watcher: Watcher): Promise<() => void> {
  store.__relayWatching ??= watchChannel(CONVERSATION_CHANNEL, dispatch);
  await store.__relayWatching;
  everywhere.add(watcher);
  return () => everywhere.delete(watcher);
}

/** Calls `watcher` on every committed change of the conversation until the returned function is called. */
export async function watchConversation(conversationId: string, watcher: Watcher): Promise<() => void> {
  store.__relayWatching ??= watchChannel(CONVERSATION_CHANNEL, dispatch);
  await store.__relayWatching;
  let set = watchers.get(conversationId);
  if (!set) watchers.set(conversationId, (set = new Set()));
  set.add(watcher);
  return () => {
    set.delete(watcher);
    if (set.size === 0) watchers.delete(conversationId);
  };
}
