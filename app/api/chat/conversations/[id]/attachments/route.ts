import { signedInPerson } from "@/lib/auth/session";
import { apiHandler } from "@/lib/http/api-response";
import { notAllowed } from "@/lib/http/not-allowed";
import { readUploadedFile } from "@/lib/http/read-upload";
import { crossSite } from "@/lib/http/same-origin";
import { ApiError } from "@/lib/errors";
import { person } from "@/lib/people/actor";
import { maxAttachmentBytes, tooLarge } from "@/lib/attachments/limits";
import { storePersonAttachment } from "@/lib/attachments/store-attachment";

// POST /api/chat/conversations/{id}/attachments: the signed-in person uploads one file (multipart/form-data, field
// `file`) to attach to their next message there. 201 {id, name, type, size, sha256}. An upload declared or found to
// be over ATTACHMENT_MAX_BYTES is refused 413 without being read whole. The session cookie is SameSite=Lax, so another
// site's form cannot post with it; a request another site's page makes is refused 403 all the same (crossSite).

export const dynamic = "force-dynamic";

export const POST = apiHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  if (crossSite(request.headers))
    throw new ApiError("forbidden", "Uploads are accepted only from Relay's own pages");
  const me = await signedInPerson();
  if (!me) throw new ApiError("unauthorized", "Sign in to upload a file");
  const { id } = await context.params;
  const file = await readUploadedFile(request, "file", maxAttachmentBytes(), (size) => tooLarge("this upload", size));
  return Response.json(await storePersonAttachment(person(me.id, "web"), id, file), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
