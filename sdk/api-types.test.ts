import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SDK_TYPES_PATH, sdkTypes } from "@/scripts/sdk-types";

// The SDK's API types are generated from the OpenAPI document, which the routes' own contracts build: when a route's
// answer changes, the SDK must be generated again (`npm run sdk:types`) or this fails.
describe("sdk/api-types.ts", () => {
  it("is what the OpenAPI document generates", async () => {
    const generated = await sdkTypes();
    const committed = readFileSync(SDK_TYPES_PATH, "utf8");
    expect(committed === generated, "sdk/api-types.ts is stale: run `npm run sdk:types`").toBe(true);
  });
});
