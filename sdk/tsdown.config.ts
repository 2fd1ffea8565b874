import { defineConfig } from "tsdown";

// Two builds of index.ts with their types: ES module (dist/index.mjs + index.d.mts) and CommonJS (dist/index.cjs +
// index.d.cts), the names package.json's `exports` points at. And the `relay` command (bin.ts: `relay listen`,
// `relay trigger`) as one ES module, dist/bin.mjs, package.json's `bin`. No dependencies to bundle: Node built-ins only.
export default defineConfig([
  {
    entry: ["index.ts"],
    format: ["esm", "cjs"],
    platform: "node",
    target: "node20",
    dts: true,
    clean: true,
    tsconfig: "tsconfig.json",
    outDir: "dist",
  },
  {
    entry: ["bin.ts"],
    format: ["esm"],
    platform: "node",
    target: "node20",
    dts: false,
    clean: false,
    tsconfig: "tsconfig.json",
    outDir: "dist",
  },
]);
