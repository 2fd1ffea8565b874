import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ZipFile } from "yazl";
import { openBlob } from "@/lib/attachments/storage";
import { query, sql } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { SECTIONS, type Scope, type Section } from "./export-sections";

// The export job (issue 38, item 1; docs/decisions/045-erasure.md): one archive per export, a ZIP of JSON Lines
// files (./export-sections.ts), the attachments' bytes under files/, and a README of the format. Every section and
// file is read lazily, a page at a time, as the archive is written: memory holds one page, whatever the subject's
// size. The archive is written beside its final name and renamed once whole; its SHA-256 and size are recorded.

export const EXPORT_TASK = "build_export";
export const EXPORT_MAX_ATTEMPTS = 5;
/** How long a ready archive can be downloaded. */
export const EXPORT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const FORMAT = "relay-export/1";

export const exportsDir = () => path.join(env().DATA_DIR, "exports");
export const archivePath = (exportId: string) => path.join(exportsDir(), `${exportId}.zip`);

const LOAD = query("export.load", {
  text: `SELECT id, workspace_id, subject_type, subject_id, status, created_at FROM exports WHERE id = $1`,
});
const START = query("export.start", {
  text: `UPDATE exports SET status = 'running', progress = '{}', error = NULL WHERE id = $1 AND status IN ('queued', 'running', 'failed')`,
});
const PROGRESS = query("export.progress", {
  text: `UPDATE exports SET progress = progress || jsonb_build_object($2::text, $3::int) WHERE id = $1`,
});
const READY = query("export.ready", {
  text: `UPDATE exports SET status = 'ready', size_bytes = $2, sha256 = $3, finished_at = now(),
          expires_at = now() + make_interval(secs => $4::int / 1000.0) WHERE id = $1 RETURNING id`,
});
const FAILED = query("export.failed", {
  text: `UPDATE exports SET status = 'failed', error = $2, finished_at = now() WHERE id = $1`,
});

// The conversations an export covers.
const CONTACT_CONVERSATIONS = query("export.contactConversations", {
  text: `SELECT COALESCE(array_agg(DISTINCT p.conversation_id), '{}') AS ids FROM conversation_participants p
    JOIN contacts c ON c.id = p.contact_id WHERE p.contact_id = $1 AND c.workspace_id = $2`,
  notNull: ["ids"],
});
const PERSON_CONVERSATIONS = query("export.personConversations", {
  text: `SELECT COALESCE(array_agg(DISTINCT p.conversation_id), '{}') AS ids FROM conversation_participants p
    JOIN conversations c ON c.id = p.conversation_id WHERE p.user_id = $1 AND c.workspace_id = $2`,
  notNull: ["ids"],
});
const WORKSPACE_CONVERSATIONS = query("export.workspaceConversations", {
  text: `SELECT COALESCE(array_agg(id ORDER BY id), '{}') AS ids FROM conversations WHERE workspace_id = $1 AND $2::uuid IS NULL`,
  notNull: ["ids"],
});
// The distinct files of the conversations, a page at a time by SHA-256.
const FILES = query("export.files", {
  text: `SELECT DISTINCT sha256 FROM attachments WHERE conversation_id = ANY($1::uuid[]) AND sha256 > $2
    ORDER BY sha256 LIMIT 1000`,
});

type Kind = keyof typeof SECTIONS;

/** Builds the export's archive, or does nothing if it is ready (or expired). A failure is recorded, then thrown. */
export async function buildExport(exportId: string): Promise<void> {
  const [record] = await sql().query(LOAD, [exportId]);
  if (!record || record.status === "ready" || record.status === "expired") return;
  await sql().query(START, [exportId]);
  const target = archivePath(exportId);
  const partial = `${target}.partial`;
  try {
    const kind = record.subject_type as Kind;
    const scope = await scopeOf(kind, { workspaceId: record.workspace_id, subjectId: record.subject_id });
    await mkdir(exportsDir(), { recursive: true });
    const zip = new ZipFile();
    // A section or a file that fails (the database, the disk) fails the archive: its error ends the output.
    const failed = (error: Error) => (zip.outputStream as Readable).destroy(error);
    const watched = (stream: Readable) => stream.on("error", failed);
    const manifest = {
      format: FORMAT,
      export_id: exportId,
      subject: { type: kind, id: record.subject_id },
      workspace_id: record.workspace_id,
      created_at: record.created_at.toISOString(),
      files: SECTIONS[kind].map((s) => s.file),
    };
    zip.addBuffer(Buffer.from(readme(kind)), "README.md");
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), "manifest.json");
    for (const section of SECTIONS[kind])
      zip.addReadStreamLazy(section.file, (done) => done(null, watched(Readable.from(lines(exportId, section, scope)))));
    for await (const sha256 of files(scope.conversationIds))
      zip.addReadStreamLazy(`files/${sha256}`, (done) => done(null, watched(openBlob(sha256))));
    zip.end();

    const hash = createHash("sha256");
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        hash.update(chunk);
        size += chunk.length;
        next(null, chunk);
      },
    });
    await pipeline(zip.outputStream, measure, createWriteStream(partial));
    await rename(partial, target);
    const [ready] = await sql().query(READY, [exportId, size, hash.digest("hex"), EXPORT_LIFETIME_MS]);
    // Its row was deleted meanwhile (its workspace deleted, lib/privacy/erase-workspace.ts): no archive of it stays.
    if (!ready) await rm(target, { force: true });
  } catch (error) {
    await rm(partial, { force: true });
    await sql().query(FAILED, [exportId, error instanceof Error ? error.message.slice(0, 500) : "failed"]);
    throw error;
  }
}

async function scopeOf(kind: Kind, { workspaceId, subjectId }: Omit<Scope, "conversationIds">): Promise<Scope> {
  const statement =
    kind === "contact" ? CONTACT_CONVERSATIONS : kind === "person" ? PERSON_CONVERSATIONS : WORKSPACE_CONVERSATIONS;
  const [row] = await sql().query(statement, kind === "workspace" ? [workspaceId, null] : [subjectId, workspaceId]);
  return { workspaceId, subjectId, conversationIds: [...row!.ids].sort() };
}

/** A section's JSON Lines, a page at a time; its row count is recorded as each page is written. */
async function* lines(exportId: string, section: Section, scope: Scope): AsyncGenerator<string> {
  let after: string | null = null;
  let count = 0;
  for (;;) {
    const page = await section.page(scope, after);
    if (page.length === 0) break;
    yield page.map((r) => `${JSON.stringify(r.row)}\n`).join("");
    count += page.length;
    after = page.at(-1)!.key;
    await sql().query(PROGRESS, [exportId, section.file, count]);
  }
  if (count === 0) await sql().query(PROGRESS, [exportId, section.file, 0]);
}

async function* files(conversationIds: string[]): AsyncGenerator<string> {
  let after = "";
  for (;;) {
    const page = await sql().query(FILES, [conversationIds, after]);
    if (page.length === 0) return;
    for (const row of page) yield row.sha256;
    after = page.at(-1)!.sha256;
  }
}

const SUBJECT: Record<Kind, string> = {
  contact: "one contact: everything Relay holds about it",
  person: "one person: their account and everything Relay holds about them in one workspace",
  workspace: "one workspace: everything Relay holds in it",
};

function readme(kind: Kind): string {
  return `# Relay export (${FORMAT})

This archive holds ${SUBJECT[kind]}, as Relay kept it when the export was built (see manifest.json: what it is
about, by id, and when it was made).

Each \`.jsonl\` file is JSON Lines: one JSON object per line, UTF-8. Rows are as Relay stores them: ids are UUIDs,
times are ISO 8601 in UTC, column names in snake_case. Secrets are never included (password and token hashes,
signing secrets, second-factor seeds, device cookies), nor the indexes derived from text (search words, vectors).

${SECTIONS[kind].map((s) => `- \`${s.file}\`: ${s.about}`).join("\n")}
- \`files/<sha256>\`: the bytes of each attached file, named by its SHA-256 (attachments.jsonl names them).

The archive is available to the person who asked for it until its link expires, 7 days after it was built.
`;
}
