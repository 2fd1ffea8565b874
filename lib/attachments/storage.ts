import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { env } from "@/lib/env";

// Attachment bytes on local disk, content-addressed: a file's path is its SHA-256 (ab/cd/abcd...), so uploads of the
// same bytes share one file and a file never changes once written. Written to a temporary file in the same folder,
// flushed, then renamed into place: a reader sees the whole file or none. Rows in `attachments` point here by sha256.

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function attachmentsDir(): string {
  return env().ATTACHMENTS_DIR ?? path.join(env().DATA_DIR, "attachments");
}

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export function blobPath(sha256: string): string {
  if (!SHA256_HEX.test(sha256)) throw new Error(`not a SHA-256 hex digest: ${sha256}`);
  return path.join(attachmentsDir(), sha256.slice(0, 2), sha256.slice(2, 4), sha256);
}

/** Stores the bytes under their SHA-256 (once: the same bytes again write nothing). */
export async function writeBlob(bytes: Uint8Array): Promise<{ sha256: string; size: number }> {
  const sha256 = sha256Hex(bytes);
  const target = blobPath(sha256);
  if ((await sizeOf(target)) !== bytes.byteLength) {
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await writeFile(temporary, bytes, { flush: true });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
  return { sha256, size: bytes.byteLength };
}

export async function readBlob(sha256: string): Promise<Buffer> {
  return readFile(blobPath(sha256));
}

export function openBlob(sha256: string): Readable {
  return createReadStream(blobPath(sha256));
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
