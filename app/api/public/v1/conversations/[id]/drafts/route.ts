import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { requireUuid } from "@/lib/ids";
import { createDraft } from "@/lib/drafts/create-draft";
import { error, json, replayedHeader } from "@/lib/openapi/operation";
import { CreateDraftRequest, DraftCreated } from "@/lib/schemas/drafts";
import { DRAFT_LIFETIME_DAYS } from "@/lib/limits";

// Idempotency-Key is optional here (docs/api-contract.md#idempotency): without one there is no deduplication.
export const POST = botRoute(
  {
    operation: {
      method: "post",
      path: "/conversations/{id}/drafts",
      operationId: "createDraft",
      tags: ["Drafts"],
      summary: "Propose a draft that a person edits, approves or rejects",
      description:
        "Proposes a draft (`body`, optional `rationale` and `follow_up`) that a person edits, approves or rejects; the bot hears `draft.approved`, `draft.rejected` or `draft.expired`. Blocks and opt-outs are checked now (403 / 409); the full policy runs again when a person approves. The `Idempotency-Key` is optional here: without one there is no deduplication.",
      responses: {
        201: json(DraftCreated, {
          description: `The draft, waiting for a person (it expires after ${DRAFT_LIFETIME_DAYS} days)`,
          headers: replayedHeader,
        }),
        403: error("`forbidden` or `policy_blocked` with `reasons`"),
        409: error("`opted_out`, or an idempotency conflict"),
      },
    },
    body: CreateDraftRequest,
    idempotency: "optional",
  },
  async ({ bot, params, body, tx }) =>
    reply(201, {
      body: {
        data: await createDraft(bot, { conversationId: requireUuid(params.id, "Conversation"), input: body, tx }),
      },
    }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
