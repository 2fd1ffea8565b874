import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { proposeFact } from "@/lib/memory/propose-fact";
import { error, json, refusals, replayedHeader } from "@/lib/openapi/operation";
import { FactCreated, ProposeFactRequest } from "@/lib/schemas/memory";

export const POST = botRoute(
  {
    operation: {
      method: "post",
      path: "/contacts/{id}/facts",
      operationId: "proposeFact",
      tags: ["Memory"],
      summary: "Propose a fact about a contact; it is a candidate until a person confirms it",
      description:
        "Proposes a fact (`key`, `fact`, and the `source_message_id` it comes from) about a contact the bot is in a conversation with. It is a candidate, invisible to context packs and search, until a person confirms it. Bots cannot write `consent.*` keys. Requires an `Idempotency-Key`.",
      responses: {
        201: json(FactCreated, { description: "The fact, as a candidate", headers: replayedHeader }),
        403: refusals.contactForbidden,
        422: error(
          "`invalid_body`: bad key or fact, a `consent.*` key (bots cannot write consent), or a source message the bot cannot see",
        ),
      },
    },
    body: ProposeFactRequest,
    idempotency: "required",
  },
  async ({ bot, params, body, tx }) =>
    reply(201, { body: { data: await proposeFact(bot, { contactId: params.id!, input: body, tx }) } }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
