import { watchChannel } from "@/lib/db/listener";
import { processSingleton } from "@/lib/process-singleton";
import { CONVERSATION_CHANNEL, type LiveEvent } from "./live";

// Fans this process's one LISTEN on the conversation channel out to the open streams of each conversation.

type Watcher = (event: LiveEvent) => void;

const watchers = processSingleton("__relayWatchers", () => new Map<string, Set<Watcher>>());

function dispatch(event: LiveEvent) {
  for (const watcher of watchers.get(event.conversation_id) ?? []) watcher(event);
  for (const watcher of everywhere) watcher(event);
}

const everywhere = processSingleton("__relayEverywhere", () => new Set<Watcher>());

/** The process's one LISTEN on the conversation channel, issued by the first watcher. */
const watching = () => processSingleton("__relayWatching", () => watchChannel(CONVERSATION_CHANNEL, dispatch));

/** Calls `watcher` on every committed change of every conversation (lib/chat/workspace-stream.ts filters them). */
export async function watchEveryConversation(watcher: Watcher): Promise<() => void> {
  await watching();
  everywhere.add(watcher);
  return () => everywhere.delete(watcher);
}

/** Calls `watcher` on every committed change of the conversation until the returned function is called. */
export async function watchConversation(conversationId: string, watcher: Watcher): Promise<() => void> {
  await watching();
  let set = watchers.get(conversationId);
  if (!set) watchers.set(conversationId, (set = new Set()));
  set.add(watcher);
  return () => {
    set.delete(watcher);
    if (set.size === 0) watchers.delete(conversationId);
  };
}
