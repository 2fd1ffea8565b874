import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";

/** The bot developers' guide: the repository's file, and the portal page that renders it (no copy of its text). */
export const BOT_DEVELOPERS_GUIDE = {
  file: "docs/guides/bot-developers.md",
  page: "/developers/docs/guide",
} as const;

/**
 * The guide's markdown as the file holds it now. The path is written out, not built from BOT_DEVELOPERS_GUIDE.file,
 * so the server's bundler traces this one file into the standalone build; next.config.ts also lists it for the page
 * (outputFileTracingIncludes), in case the trace ever misses it.
 */
export async function readBotDevelopersGuide(): Promise<string> {
  return readFile(path.join(process.cwd(), "docs", "guides", "bot-developers.md"), "utf8");
}
