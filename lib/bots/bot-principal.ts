import type { BotStatus } from "@/lib/generated/prisma/enums";

// Who a bot's request is from, in a module of its own: the lookup that makes one (./authenticate-bot.ts) and the
// cache that keeps it (./api-key-cache.ts) both name it, so the cache does not import the lookup that imports it.

/** The bot behind an API key: who is calling, with what rights. Authorship of its messages comes from here. */
export interface BotPrincipal {
  id: string;
  handle: string;
  name: string;
  workspaceId: string;
  keyId: string;
  scopes: string[];
  /** As of the key's lookup; a change evicts the cached key in every process (lib/bots/api-key-cache.ts). */
  status: BotStatus;
}
