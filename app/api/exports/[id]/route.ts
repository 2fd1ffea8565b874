import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { contentDisposition } from "@/lib/attachments/content-type";
import { personRoute } from "@/lib/http/person-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { archivePath } from "@/lib/privacy/build-export";
import { exportToDownload } from "@/lib/privacy/request-export";

// GET /api/exports/{token}: an export's archive (issue 38, lib/privacy/), for the signed-in person who asked for it,
// while its link lasts. The token names the export and is signed for that person alone: anyone else, an altered or
// expired link, is 404. Streamed from disk: an archive of any size holds a chunk in memory.

export const dynamic = "force-dynamic";

export const GET = personRoute(
  { route: "/api/exports/[id]", signInTo: "download an export" },
  async ({ actor, params }) => {
    const archive = await exportToDownload(actor, params.id);
    const body = Readable.toWeb(createReadStream(archivePath(archive.exportId))) as ReadableStream<Uint8Array>;
    return new Response(body, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Length": String(archive.size),
        "Content-Disposition": contentDisposition("attachment", archive.name),
        "Cache-Control": "private, no-store",
        "Referrer-Policy": "no-referrer",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
