import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import type { PersonActor } from "@/lib/people/actor";
import { requireConversationAccess } from "@/lib/people/access";
import type { AttachmentInfo } from "./store-attachment";
import { readBlob, sha256Hex } from "./storage";

// A person reads an attachment: those who can act in its conversation may, once a message uses it; before that only
// its uploader may (an upload is private until posted). One the person may not read answers like one that does not
// exist (lib/people/access.ts). The bytes are checked against their SHA-256 on the way out.

export async function readAttachment(actor: PersonActor, id: string): Promise<AttachmentInfo & { bytes: Buffer }> {
  const attachmentId = requireUuid(id, "Attachment");
  const row = await db().attachment.findUnique({ where: { id: attachmentId } });
  if (!row) throw notFound("Attachment");
  const mine = row.uploadedByUserId === actor.userId;
  if (row.conversationId)
    await requireConversationAccess(actor, { client: db(), conversationId: row.conversationId, what: "Attachment" });
  if (!mine && (row.conversationId === null || row.messageId === null)) throw notFound("Attachment");

  const bytes = await readBlob(row.sha256);
  if (sha256Hex(bytes) !== row.sha256)
    throw new Error(`attachment ${row.id}: the file on disk does not match its SHA-256`);
  return { id: row.id, name: row.name, type: row.contentType, size: row.size, sha256: row.sha256, bytes };
}
