import { db } from "@/lib/db/client";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import type { PersonActor } from "@/lib/people/actor";
import { requireConversationAccess } from "@/lib/people/access";
import { normalizeContentType } from "./content-type";
import { checkSize, cleanName } from "./limits";
import { writeBlob } from "./storage";

// A person uploads a file to a conversation they can act in, to attach to their next message there
// (postPersonMessage's `attachmentIds`). Checks come first, so a refused file leaves no row and no file; the bytes
// are on disk before the row that points to them commits.

export interface AttachmentInfo {
  id: string;
  name: string;
  type: string;
  size: number;
  sha256: string;
}

export interface UploadedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface StorePersonAttachmentOptions {
  /** The conversation's id as the request gave it. */
  conversationId: string;
  file: UploadedFile;
}

export async function storePersonAttachment(
  actor: PersonActor,
  { conversationId, file }: StorePersonAttachmentOptions,
): Promise<AttachmentInfo> {
  const id = requireUuid(conversationId, "Conversation");
  const name = cleanName(file.name);
  const type = normalizeContentType(file.type);
  checkSize(name, file.bytes.byteLength);
  const { conversation } = await requireConversationAccess(actor, { client: db(), conversationId: id });

  const { sha256, size } = await writeBlob(file.bytes);
  return db().$transaction(async (tx) => {
    const row = await tx.attachment.create({
      data: {
        workspaceId: conversation.workspaceId,
        conversationId: id,
        uploadedByUserId: actor.userId,
        name,
        contentType: type,
        size,
        sha256,
      },
    });
    await recordAudit(tx, {
      workspaceId: conversation.workspaceId,
      actor,
      action: "attachment.uploaded",
      subjectType: "attachment",
      subjectId: row.id,
      data: { conversation_id: id, name, type, size, sha256 },
    });
    return { id: row.id, name, type, size, sha256 };
  });
}
