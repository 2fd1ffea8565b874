import { afterAll, beforeAll, expect, it } from "vitest";
import { embedTexts, embeddingModelId } from "./encoder";
import { startFakeEmbeddingsServer, type FakeEmbeddingsServer } from "./fake-embeddings-server";
import { OPENAI_MAX_CHARS } from "./openai-compatible";

// With EMBEDDINGS_BASE_URL set, embedTexts uses the API (env() is read once per process: this file has its own).
let server: FakeEmbeddingsServer;
beforeAll(async () => {
  server = await startFakeEmbeddingsServer();
  process.env.EMBEDDINGS_BASE_URL = server.baseUrl;
  process.env.EMBEDDINGS_MODEL = "text-embedding-3-small";
  process.env.EMBEDDINGS_API_KEY = "sk-test";
});
afterAll(async () => {
  delete process.env.EMBEDDINGS_BASE_URL;
  delete process.env.EMBEDDINGS_MODEL;
  delete process.env.EMBEDDINGS_API_KEY;
  await server.close();
});

it("embeds through the API, stores the API model's id, sends blank texts as a space and cuts long ones", async () => {
  const long = `${"word ".repeat(3000)}`;
  const result = await embedTexts(["pays invoices on the 5th", "", long]);
  expect(embeddingModelId()).toBe("openai:text-embedding-3-small");
  expect(result.model).toBe("openai:text-embedding-3-small");
  expect(result.dims).toBe(3);
  expect(result.vectors).toHaveLength(3);
  const [request] = server.requests;
  expect(request!.authorization).toBe("Bearer sk-test");
  const input = request!.body.input as string[];
  expect(input[0]).toBe("pays invoices on the 5th");
  expect(input[1]).toBe(" ");
  expect(input[2]!.length).toBeLessThanOrEqual(OPENAI_MAX_CHARS);
  expect(input[2]!.length).toBeGreaterThan(OPENAI_MAX_CHARS - 10);
  expect(long.startsWith(input[2]!)).toBe(true);
});
