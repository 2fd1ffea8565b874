import { ApiError } from "@/lib/errors";
import { textProblem } from "@/lib/text/hostile-text";
import { readCapped } from "./read-body";

// Reads one file from a multipart/form-data upload without ever holding much more than the limit: a declared
// Content-Length over it is refused before any byte is read, and a body without one (chunked) is counted as it
// arrives and cut off once over. The form's own framing (boundaries, part headers) is allowed on top of the file.
// The file's name passes the text rule (lib/text/hostile-text.ts): a NUL in it is refused, naming it.

/** Boundaries and part headers around the file; generous, so a file just under the limit is never refused here. */
export const MULTIPART_OVERHEAD = 64 * 1024;

export interface UploadedPart {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface ReadUploadedFileOptions {
  /** The form field the file is in. */
  field: string;
  /** The largest file accepted; the body may be this plus the multipart framing. */
  maxFileBytes: number;
  /** The 413 for a body too large: `size` is the declared Content-Length, or undefined when a body without one ran over. */
  tooLarge: (size?: number) => ApiError;
}

/**
 * The file in form field `field`. `tooLarge(size)` builds the 413 for a body over `maxFileBytes` + framing: `size` is
 * the declared Content-Length, or undefined when a body without one ran over. The exact per-file check is the service's.
 */
export async function readUploadedFile(
  request: Request,
  { field, maxFileBytes, tooLarge }: ReadUploadedFileOptions,
): Promise<UploadedPart> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ApiError("unsupported_media_type", `Send the file as multipart/form-data in a field named "${field}"`);
  }
  const cap = maxFileBytes + MULTIPART_OVERHEAD;
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > cap) throw tooLarge(declared);

  const body = await readCapped(request, { cap, tooLarge });
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ApiError("invalid_body", "The upload is not a well-formed multipart/form-data body");
  }
  const file = form.get(field);
  if (!(file instanceof Blob)) throw new ApiError("invalid_body", `Send the file in a form field named "${field}"`);
  const name = file instanceof File ? file.name : "";
  const problem = textProblem(name);
  if (problem) throw new ApiError("invalid_body", `The file's name ${problem}`);
  return {
    name,
    type: file.type,
    bytes: new Uint8Array(await file.arrayBuffer()),
  };
}
