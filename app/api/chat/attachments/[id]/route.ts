import { signedInPerson } from "@/lib/auth/session";
import { apiHandler } from "@/lib/http/api-response";
import { notAllowed } from "@/lib/http/not-allowed";
import { ApiError } from "@/lib/errors";
import { person } from "@/lib/people/actor";
import { fileResponse } from "@/lib/http/file-response";
import { readAttachment } from "@/lib/attachments/read-attachment";

// GET /api/chat/attachments/{id}: the file's bytes, for a person who may read it. Never served as something the
// browser would run: active types go out as application/octet-stream, with nosniff and a sandboxing CSP; only
// images and PDFs show inline (`?download` forces a download).

export const dynamic = "force-dynamic";

export const GET = apiHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const me = await signedInPerson();
  if (!me) throw new ApiError("unauthorized", "Sign in to read attachments");
  const file = await readAttachment(person(me.id, "web"), (await context.params).id);
  return fileResponse(request, file, { "Cache-Control": "private, max-age=3600" });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
