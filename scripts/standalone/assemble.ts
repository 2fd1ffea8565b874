import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";

// After `next build` (`npm run build`): completes .next/standalone into a folder that runs on its own, as the
// container image copies it (Dockerfile): Next leaves out the static files it expects a CDN to serve, so they are
// copied in beside server.js, with the production entry (relay-server.mjs). What the trace put there already:
// server.js, .next/server, the node_modules the server loads, prisma/migrations (for GET /api/ready).

const root = process.cwd();
const out = path.join(root, ".next/standalone");
if (!existsSync(path.join(out, "server.js"))) {
  console.error('[relay] no .next/standalone/server.js: is `output: "standalone"` in next.config.ts?');
  process.exit(1);
}
for (const [from, to] of [
  ["public", "public"],
  [".next/static", ".next/static"],
] as const) {
  rmSync(path.join(out, to), { recursive: true, force: true });
  cpSync(path.join(root, from), path.join(out, to), { recursive: true });
}
cpSync(path.join(root, "scripts/standalone/relay-server.mjs"), path.join(out, "relay-server.mjs"));
