import { ApiError } from "@/lib/errors";
import { env } from "@/lib/env";

// The rules every upload meets, whoever uploads it: a size limit (ATTACHMENT_MAX_BYTES) said in MB, and a name
// that is safe to show and to put in a download header.

export const MAX_NAME_LENGTH = 255;
export const MAX_ATTACHMENTS_PER_MESSAGE = 10;

export const maxAttachmentBytes = () => env().ATTACHMENT_MAX_BYTES;

const MB = 1024 * 1024;

/** "10 MB", "12.3 MB", "0.5 MB": sizes round up and the limit rounds down, so a refused file never reads as allowed. */
export function formatMb(bytes: number, round: "up" | "down" = "up"): string {
  const tenths = (round === "up" ? Math.ceil : Math.floor)((bytes / MB) * 10);
  return `${(tenths / 10).toString()} MB`;
}

/** 413 naming the limit, and the size when known: "Files can be at most 10 MB; report.pdf is 12.3 MB". */
export function tooLarge(what: string, size?: number): ApiError {
  const actual = size === undefined ? "larger" : formatMb(size);
  return new ApiError(
    "payload_too_large",
    `Files can be at most ${formatMb(maxAttachmentBytes(), "down")}; ${what} is ${actual}`,
  );
}

/** Refuses an empty file or one over the limit. */
export function checkSize(name: string, size: number) {
  if (size === 0) throw new ApiError("invalid_body", `${name} is empty`);
  if (size > maxAttachmentBytes()) throw tooLarge(name, size);
}

// C0 and C1 controls, and the invisible marks that can make a name read differently from what it is
// (right-to-left overrides turn "invoice_fdp.exe" into "invoice_exe.pdf").
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** The name as shown and downloaded: NFC, path separators made `_`, control and bidi characters removed. */
export function cleanName(raw: string): string {
  const name = raw.normalize("NFC").replace(/[/\\]/g, "_").replace(INVISIBLE, "").trim();
  if (!name) throw new ApiError("invalid_body", "A file needs a name");
  if (name.length > MAX_NAME_LENGTH)
    throw new ApiError(
      "invalid_body",
      `A file name can be at most ${MAX_NAME_LENGTH} characters; this one has ${name.length}`,
    );
  return name;
}
