import { apiHandler } from "@/lib/http/api-handler";
import { notAllowed } from "@/lib/http/not-allowed";
import { fileResponse } from "@/lib/http/file-response";
import { readSignedAttachment } from "@/lib/agents/read-signed-attachment";

// GET /api/attachments/signed/{token}: a signed attachment link of an agent request's answer (lib/agents/
// signed-link.ts). No key or session: the link is the permission, for 24 hours; altered or expired links are 403.
// Served like the chat's attachments: never as something a browser would run.

export const dynamic = "force-dynamic";

export const GET = apiHandler(async (request: Request, context: { params: Promise<{ token: string }> }) => {
  const file = await readSignedAttachment((await context.params).token);
  return fileResponse(request, {
    file,
    headers: {
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "X-Sha256": file.sha256,
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
