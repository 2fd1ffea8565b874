// Content types of attachments: what is stored (a clean `type/subtype`, else application/octet-stream), what a
// download is served as (never a type the browser would run as a page or script), and what may show inline.

export const OCTET_STREAM = "application/octet-stream";

const TOKEN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The `type/subtype` of what a client sent, lowercased and without parameters; unknown or malformed: octet-stream. */
export function normalizeContentType(type: string | null | undefined): string {
  const essence = (type ?? "").split(";")[0]!.trim().toLowerCase();
  return TOKEN.test(essence) ? essence : OCTET_STREAM;
}

/** Types a browser may render as a document or run as a script: served as octet-stream. */
const EXECUTABLE = new Set([
  "text/html",
  "application/xhtml+xml",
  "image/svg+xml",
  "text/xml",
  "application/xml",
  "text/xsl",
  "application/xslt+xml",
  "text/javascript",
  "application/javascript",
  "application/x-javascript",
  "application/ecmascript",
  "text/ecmascript",
  "application/x-shockwave-flash",
  "multipart/x-mixed-replace",
]);

export function servedContentType(type: string): string {
  const essence = normalizeContentType(type);
  // Any XML flavour can carry XHTML (and its scripts) when a browser renders it.
  if (EXECUTABLE.has(essence) || essence.endsWith("+xml")) return OCTET_STREAM;
  return essence;
}

/** Shown in the browser rather than downloaded: images and PDFs, nothing that can run. */
const INLINE = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"]);

export const isInline = (type: string) => INLINE.has(normalizeContentType(type));

const BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  txt: "text/plain",
  md: "text/markdown",
  csv: "text/csv",
  json: "application/json",
  zip: "application/zip",
};

/** For files that come without a type (the CLI): a guess from the name's extension, else octet-stream. */
export function typeFromName(name: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) || OCTET_STREAM;
}

/** `Content-Disposition` with the name as UTF-8 (RFC 6266/8187) and a plain-ASCII fallback for old clients. */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
