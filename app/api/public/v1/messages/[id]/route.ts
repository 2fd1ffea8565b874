import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { requireUuid } from "@/lib/ids";
import { updateStatusBlocks } from "@/lib/messages/update-status-blocks";
import { error, json } from "@/lib/openapi/operation";
import { PatchMessageRequest, UpdatedMessage } from "@/lib/schemas/messages";

export const PATCH = botRoute(
  {
    operation: {
      method: "patch",
      path: "/messages/{id}",
      operationId: "updateMessage",
      tags: ["Messages"],
      summary: "Update the status blocks of a message this bot sent, in place",
      description:
        "Replaces the status blocks of a message this bot sent, one for one and in order (send exactly as many as the message has); everything else stays. Use it to show progress (`queued` → `working` → `done` or `failed`) without sending new messages. The new text passes the block rules: a secret is 403.",
      responses: {
        200: json(UpdatedMessage, { description: "The updated message" }),
        403: error("`forbidden` (not this bot's message) or `policy_blocked` (e.g. a secret in the new text)"),
      },
    },
    body: PatchMessageRequest,
  },
  async ({ bot, params, body }) =>
    reply(200, {
      body: {
        data: await updateStatusBlocks(bot, { messageId: requireUuid(params.id, "Message"), statusBlocks: body.blocks }),
      },
    }),
);

export const { GET, POST, PUT, DELETE, OPTIONS } = notAllowed("PATCH");
