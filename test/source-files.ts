import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The source files under `dir` (ts, tsx, mts, mjs), tests and generated code left out, with `/` separators. */
export function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry);
    if (entry === "generated" || entry === "node_modules") return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|mjs)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full.split(path.sep).join("/")] : [];
  });
}
