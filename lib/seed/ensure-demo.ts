import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { seedWorld, type SeededWorld } from "./seed-world";

/**
 * On the first start of an empty database, seeds the fixed `demo` workspace and writes its credentials (API keys
 * are shown once) to DATA_DIR/demo-credentials.json. Returns the world when it seeded one.
 */
export async function ensureDemo(): Promise<SeededWorld | null> {
  if (env().SEED_DEMO !== "true") return null;
  if ((await db().workspace.count()) > 0) return null;
  const world = await seedWorld({ fixed: true });
  const file = demoCredentialsFile();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(world, null, 2), { mode: 0o600 });
  return world;
}

/** Where the demo's people, passwords and bot keys are written on its first start: DATA_DIR/demo-credentials.json. */
export const demoCredentialsFile = (dataDir = env().DATA_DIR) => path.join(dataDir, "demo-credentials.json");
