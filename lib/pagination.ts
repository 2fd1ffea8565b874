import { ApiError } from "@/lib/errors";

// Opaque cursors: base64url JSON. A cursor that does not decode is a client error, not an empty page.

export function encodeCursor(value: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

export function decodeCursor<T>(cursor: string, check: (value: unknown) => value is T): T {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (check(value)) return value;
  } catch {
    // falls through to the error below
  }
  throw new ApiError("invalid_body", "cursor is not valid: pass back the next_cursor of a previous page");
}
