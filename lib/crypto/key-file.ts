import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface KeyFileOptions {
  /** The contents of a new key, when there is no file yet. */
  make: () => string;
  /** Tests: runs between this process's read (no file) and its publishing (another process may win meanwhile). */
  beforePublish?: () => void;
}

/**
 * The contents of a key file in DATA_DIR, made first (mode 0600) when there is none. Safe when several processes
 * start at once (the app, workers, the CLI): each writes a complete file of its own under a unique name, and `link`
 * (which fails if the name exists) publishes one of them; the others read the winner's. A reader never sees a
 * missing or half-written file, and nobody's key is replaced once published.
 */
export function keyFileOnce(file: string, { make, beforePublish }: KeyFileOptions): string {
  const existing = readIfThere(file);
  if (existing !== null) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(temporary, make(), { mode: 0o600, flag: "wx" });
  beforePublish?.();
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error; // another process published first
  } finally {
    unlinkSync(temporary);
  }
  const made = readIfThere(file);
  if (made === null) throw new Error(`${file} vanished right after it was made`);
  return made;
}

function readIfThere(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
