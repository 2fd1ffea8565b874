import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { readUploadedFile } from "@/lib/http/read-upload";
import { maxAttachmentBytes, tooLarge } from "@/lib/attachments/limits";
import { storeBotAttachment } from "@/lib/attachments/store-bot-attachment";
import { error, json } from "@/lib/openapi/operation";
import { AttachmentUpload, BotAttachmentCreated } from "@/lib/schemas/agent-requests";

// A bot uploads one file (multipart/form-data, field `file`) to answer an agent request with. No Idempotency-Key:
// a retried upload stores one more row over the same bytes, which nobody sees unless the bot answers with it.
export const POST = botRoute(
  {
    operation: {
      method: "post",
      path: "/attachments",
      operationId: "uploadAttachment",
      tags: ["Agent requests"],
      summary:
        "Upload a file (multipart/form-data, field `file`) to answer an agent request with; its SHA-256 is recorded",
      description:
        "Uploads one file as `multipart/form-data` (field `file`) to answer an agent request with; the answer's `id` is the `attachment_id` of `POST /agent-requests/{id}/respond`. Its SHA-256 is recorded. No `Idempotency-Key`: a retried upload stores one more row over the same bytes, unseen unless used.",
      rawBody: { contentType: "multipart/form-data", schema: AttachmentUpload },
      responses: {
        201: json(BotAttachmentCreated, { description: "The stored upload" }),
        413: error("`payload_too_large`: the file is over the limit (10 MB by default)"),
        415: error("`unsupported_media_type`: not multipart/form-data"),
        422: error("`invalid_body`: no `file` field, an empty file or a bad name"),
      },
    },
  },
  async ({ bot, request }) => {
    const file = await readUploadedFile(request, {
      field: "file",
      maxFileBytes: maxAttachmentBytes(),
      tooLarge: (size) => tooLarge("this upload", size),
    });
    return reply(201, { body: { data: await storeBotAttachment(bot, file) } });
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
