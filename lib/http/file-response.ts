import { contentDisposition, isInline, servedContentType } from "@/lib/attachments/content-type";

export interface FileResponseOptions {
  file: { name: string; type: string; size: number; bytes: Uint8Array };
  /** Headers of the caller's, added last. */
  headers: Record<string, string>;
}

/**
 * An attachment's bytes as a response that a browser never runs: active types go out as application/octet-stream,
 * with nosniff and a sandboxing CSP; only images and PDFs show inline, and `?download` forces a download.
 */
export function fileResponse(request: Request, { file, headers }: FileResponseOptions): Response {
  const inline = isInline(file.type) && !new URL(request.url).searchParams.has("download");
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": servedContentType(file.type),
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", file.name),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox",
      ...headers,
    },
  });
}
