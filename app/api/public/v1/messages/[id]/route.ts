import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { requireUuid } from "@/lib/ids";
import { updateStatusBlocks } from "@/lib/messages/update-status-blocks";
import { PatchMessageRequest } from "@/lib/schemas/messages";

export const PATCH = botRoute({ body: PatchMessageRequest }, async ({ bot, params, body }) =>
  reply(200, { data: await updateStatusBlocks(bot, requireUuid(params.id, "Message"), body.blocks) }),
);

export const { GET, POST, PUT, DELETE, OPTIONS } = notAllowed("PATCH");
