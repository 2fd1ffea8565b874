import { query, sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { readBlob, sha256Hex } from "@/lib/attachments/storage";
import type { AttachmentInfo } from "@/lib/attachments/store-attachment";
import { verifyToken } from "./signed-link";

// GET /api/attachments/signed/{token}: the file behind a signed link, for whoever holds the link (the asking bot, or
// whoever it hands the link to) until it expires. An altered or malformed link and an expired one are 403 `forbidden`
// (the message says which); a genuine link to a file since deleted is 404. The bytes are checked against their SHA-256.

const FIND = query("attachments.find", {
  text: "SELECT id, name, content_type, size, sha256 FROM attachments WHERE id = $1",
});

export async function readSignedAttachment(
  token: string,
  now: Date = new Date(),
): Promise<AttachmentInfo & { bytes: Buffer }> {
  const check = verifyToken(token, now);
  if (!check.ok) {
    throw new ApiError(
      "forbidden",
      check.reason === "expired" ? "This link has expired (links are valid 24 hours)" : "This link is not valid",
    );
  }
  const rows = await sql().query(FIND, [check.attachmentId]);
  const row = rows[0];
  if (!row) throw new ApiError("not_found", "Attachment not found");
  const bytes = await readBlob(row.sha256);
  if (sha256Hex(bytes) !== row.sha256)
    throw new Error(`attachment ${row.id}: the file on disk does not match its SHA-256`);
  return { id: row.id, name: row.name, type: row.content_type, size: row.size, sha256: row.sha256, bytes };
}
