import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { readUploadedFile } from "@/lib/http/read-upload";
import { maxAttachmentBytes, tooLarge } from "@/lib/attachments/limits";
import { storeBotAttachment } from "@/lib/attachments/store-bot-attachment";

// A bot uploads one file (multipart/form-data, field `file`) to answer an agent request with. No Idempotency-Key:
// a retried upload stores one more row over the same bytes, which nobody sees unless the bot answers with it.
export const POST = botRoute({}, async ({ bot, request }) => {
  const file = await readUploadedFile(request, "file", maxAttachmentBytes(), (size) => tooLarge("this upload", size));
  return reply(201, { data: await storeBotAttachment(bot, file) });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
