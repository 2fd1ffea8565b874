import { defineConfig } from "tsdown";

// Two builds of index.ts with their types: ES module (dist/index.mjs + index.d.mts) and CommonJS (dist/index.cjs +
// index.d.cts), the names package.json's `exports` points at. No dependencies to bundle: Node built-ins only.
export default defineConfig({
  entry: ["index.ts"],
  format: ["esm", "cjs"],
  platform: "node",
  target: "node20",
  dts: true,
  clean: true,
  tsconfig: "tsconfig.json",
  outDir: "dist",
});
