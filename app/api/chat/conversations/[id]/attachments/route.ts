import { signedInPerson } from "@/lib/auth/session";
import { errorResponse } from "@/lib/http/bot-route";
import { readUploadedFile } from "@/lib/http/read-upload";
import { ApiError } from "@/lib/errors";
import { person } from "@/lib/people/actor";
import { maxAttachmentBytes, tooLarge } from "@/lib/attachments/limits";
import { storePersonAttachment } from "@/lib/attachments/store-attachment";

// POST /api/chat/conversations/{id}/attachments: the signed-in person uploads one file (multipart/form-data, field
// `file`) to attach to their next message there. 201 {id, name, type, size, sha256}. An upload declared or found to
// be over ATTACHMENT_MAX_BYTES is refused 413 without being read whole.

export const dynamic = "force-dynamic";

export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const me = await signedInPerson();
  if (!me) return errorResponse(new ApiError("unauthorized", "Sign in to upload a file"));
  try {
    const { id } = await context.params;
    const file = await readUploadedFile(request, "file", maxAttachmentBytes(), (size) => tooLarge("this upload", size));
    return Response.json(await storePersonAttachment(person(me.id, "web"), id, file), { status: 201 });
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  }
}
