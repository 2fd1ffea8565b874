import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { query, sql } from "@/lib/db/sql";
import { normalizeContentType } from "./content-type";
import { checkSize, cleanName } from "./limits";
import { writeBlob } from "./storage";
import type { UploadedFile } from "./store-attachment";

// POST /attachments: a bot uploads a file to hand to another bot with an answer (POST /agent-requests/{id}/respond
// with `attachment_id`). The same limits as people's uploads (ATTACHMENT_MAX_BYTES, clean names, a stored type); the
// bytes are stored by their SHA-256 before the row that points to them, which records the SHA-256. An upload belongs
// to its bot and its workspace only: nobody else can read it until the bot answers with it, and then only through
// the signed link the answer carries.

const INSERT = query("attachments.insertForBot", {
  text: `INSERT INTO attachments (workspace_id, uploaded_by_bot_id, name, content_type, size, sha256)
   VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, created_at`,
});

export async function storeBotAttachment(bot: BotPrincipal, file: UploadedFile) {
  const name = cleanName(file.name);
  const type = normalizeContentType(file.type);
  checkSize(name, file.bytes.byteLength);
  const { sha256, size } = await writeBlob(file.bytes);
  const rows = await sql().query(INSERT, [bot.workspaceId, bot.id, name, type, size, sha256],
  );
  const row = rows[0]!;
  return { id: row.id, name, type, size, sha256, created_at: row.created_at.toISOString() };
}
