import { ApiError } from "@/lib/errors";
import { MAX_BODY_BYTES } from "@/lib/limits";

/** Reads the body as text, refusing more than MAX_BODY_BYTES (lib/limits.ts) without buffering the rest. */
export async function readBodyText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  return Buffer.from(await readCapped(request, { cap: MAX_BODY_BYTES, tooLarge })).toString("utf8");
}

export interface ReadCappedOptions {
  /** The most bytes the body may have. */
  cap: number;
  /** The refusal of a body over `cap`. */
  tooLarge: () => ApiError;
}

/** Reads the whole body, refusing (with `tooLarge()`) once it passes `cap` bytes, without buffering the rest. */
export async function readCapped(
  request: Request,
  { cap, tooLarge }: ReadCappedOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function tooLarge() {
  return new ApiError("payload_too_large", `Request body is larger than ${MAX_BODY_BYTES / 1024} KiB`);
}

export function parseJson(text: string): unknown {
  if (text.trim() === "") throw new ApiError("invalid_json", "Request body is empty; send a JSON object");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError("invalid_json", `Request body is not valid JSON: ${(error as Error).message}`);
  }
}
