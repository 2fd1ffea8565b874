import { personRoute } from "@/lib/http/person-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { readUploadedFile } from "@/lib/http/read-upload";
import { maxAttachmentBytes, tooLarge } from "@/lib/attachments/limits";
import { storePersonAttachment } from "@/lib/attachments/store-attachment";

// POST /api/chat/conversations/{id}/attachments: the signed-in person uploads one file (multipart/form-data, field
// `file`) to attach to their next message there. 201 {id, name, type, size, sha256}. An upload declared or found to
// be over ATTACHMENT_MAX_BYTES is refused 413 without being read whole. The session cookie is SameSite=Lax, so another
// site's form cannot post with it; a request another site's page makes is refused 403 all the same (crossSite).

export const dynamic = "force-dynamic";

export const POST = personRoute(
  { route: "/api/chat/conversations/[id]/attachments", signInTo: "upload a file" },
  async ({ actor, params, request }) => {
    const { id } = params;
    const file = await readUploadedFile(request, {
      field: "file",
      maxFileBytes: maxAttachmentBytes(),
      tooLarge: (size) => tooLarge("this upload", size),
    });
    return Response.json(await storePersonAttachment(actor, { conversationId: id, file }), { status: 201 });
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
