import { personRoute } from "@/lib/http/person-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { fileResponse } from "@/lib/http/file-response";
import { readAttachment } from "@/lib/attachments/read-attachment";

// GET /api/chat/attachments/{id}: the file's bytes, for a person who may read it. Never served as something the
// browser would run: active types go out as application/octet-stream, with nosniff and a sandboxing CSP; only
// images and PDFs show inline (`?download` forces a download).

export const dynamic = "force-dynamic";

export const GET = personRoute(
  { route: "/api/chat/attachments/[id]", signInTo: "read attachments" },
  async ({ actor, params, request }) => {
    const file = await readAttachment(actor, params.id);
    return fileResponse(request, { file, headers: { "Cache-Control": "private, max-age=3600" } });
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
