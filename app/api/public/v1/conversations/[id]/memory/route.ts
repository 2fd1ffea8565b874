import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { requireUuid } from "@/lib/ids";
import { deprecationHeaders } from "@/lib/memory/deprecation";
import { readConversationMemory, writeConversationMemory } from "@/lib/memory/conversation-memory";
import { LegacyMemoryQuery, LegacyMemoryRequest } from "@/lib/schemas/memory";

// Legacy (docs/api-contract.md#versioning): scoped to the conversation; the contact's facts, context and search
// replace it.

export const GET = botRoute({ query: LegacyMemoryQuery }, async ({ bot, params, query }) => {
  const { facts, contactId } = await readConversationMemory(bot, requireUuid(params.id, "Conversation"), query.q);
  return reply(200, { data: facts }, deprecationHeaders(contactId, "context"));
});

export const POST = botRoute(
  { body: LegacyMemoryRequest, idempotency: "required" },
  async ({ bot, params, body, tx }) => {
    const { fact, contactId } = await writeConversationMemory(bot, requireUuid(params.id, "Conversation"), body, tx);
    return reply(201, { data: fact }, deprecationHeaders(contactId, "facts"));
  },
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
