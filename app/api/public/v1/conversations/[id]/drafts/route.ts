import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { requireUuid } from "@/lib/ids";
import { createDraft } from "@/lib/drafts/create-draft";
import { CreateDraftRequest } from "@/lib/schemas/drafts";

// Idempotency-Key is optional here (docs/api-contract.md#idempotency): without one there is no deduplication.
export const POST = botRoute({ body: CreateDraftRequest, idempotency: "optional" }, async ({ bot, params, body, tx }) =>
  reply(201, { data: await createDraft(bot, requireUuid(params.id, "Conversation"), body, tx) }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
