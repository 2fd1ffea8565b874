import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { json } from "@/lib/openapi/operation";
import { MeResponse } from "@/lib/schemas/bots";

// GET /me: the bot behind the key, unwrapped (the one exception to `data`: docs/api-contract.md#envelopes). A stopped bot is answered here, and only
// here: it can still check its key.
export const GET = botRoute(
  {
    operation: {
      method: "get",
      path: "/me",
      operationId: "getMe",
      tags: ["Bot"],
      summary: "The bot behind the key",
      description:
        "Returns the bot the API key belongs to: `{bot: {id, handle, name}}`, unwrapped (the one answer without `data`). A stopped bot is answered here too, so its developer can tell a stopped bot (403 `bot_stopped` everywhere else) from a revoked key (401). Use it to check a key.",
      responses: { 200: json(MeResponse, { description: "The bot (unwrapped: `{bot}`)" }) },
    },
    servesStoppedBot: true,
  },
  async ({ bot }) => reply(200, { body: { bot: { id: bot.id, handle: bot.handle, name: bot.name } } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
