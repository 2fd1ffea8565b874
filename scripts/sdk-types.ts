import { writeFileSync } from "node:fs";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { buildOpenApiDocument } from "@/app/api/public/v1/openapi-document";

// The SDK's API types (sdk/api-types.ts), generated from the OpenAPI document with openapi-typescript: `npm run
// sdk:types` writes them (`npm run build` does it first); sdk/api-types.test.ts fails when the file and the
// document disagree.

export const SDK_TYPES_PATH = path.join("sdk", "api-types.ts");

const HEADER = `// Generated from Relay's OpenAPI document by scripts/sdk-types.ts (npm run sdk:types): do not edit.
// The routes declare their contract (lib/openapi/operation.ts); sdk/client.ts names these types.

`;

export async function sdkTypes(): Promise<string> {
  const document = JSON.parse(JSON.stringify(buildOpenApiDocument()));
  return HEADER + astToString(await openapiTS(document, { alphabetize: true }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve("scripts/sdk-types.ts")) {
  sdkTypes().then(
    (text) => {
      writeFileSync(SDK_TYPES_PATH, text);
      console.log(`wrote ${SDK_TYPES_PATH}`);
      process.exit(0);
    },
    (error: Error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
