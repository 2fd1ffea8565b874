import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeEmbeddingsServer, type FakeEmbeddingsServer } from "./fake-embeddings-server";
import { embedWithOpenAiCompatible, OPENAI_BATCH_SIZE } from "./openai-compatible";
import { dot } from "./similarity";

let server: FakeEmbeddingsServer;
beforeAll(async () => {
  server = await startFakeEmbeddingsServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.failWith(null);
});

describe("embedWithOpenAiCompatible", () => {
  it("posts the model and inputs with the bearer key, and returns unit vectors in input order", async () => {
    const vectors = await embedWithOpenAiCompatible(["abc", "abcdefg"], {
      baseUrl: `${server.baseUrl}/`,
      model: "text-embedding-3-small",
      apiKey: "sk-test",
    });
    expect(server.requests).toEqual([
      {
        method: "POST",
        url: "/v1/embeddings",
        authorization: "Bearer sk-test",
        contentType: "application/json",
        body: { model: "text-embedding-3-small", input: ["abc", "abcdefg"], encoding_format: "float" },
      },
    ]);
    // The fake answers [length, 1, 2] in reverse order: the client puts them back by index and normalises them.
    expect(vectors).toHaveLength(2);
    expect(Array.from(vectors[0]!)).toEqual(Array.from(new Float32Array([3, 1, 2].map((x) => x / Math.sqrt(14)))));
    expect(Array.from(vectors[1]!)).toEqual(Array.from(new Float32Array([7, 1, 2].map((x) => x / Math.sqrt(54)))));
    for (const v of vectors) expect(dot(v, v)).toBeCloseTo(1, 6);
  });

  it("sends no Authorization header without a key", async () => {
    await embedWithOpenAiCompatible(["a"], { baseUrl: server.baseUrl, model: "nomic-embed-text" });
    expect(server.requests[0]!.authorization).toBeUndefined();
  });

  it("splits many texts into batches", async () => {
    const texts = Array.from({ length: OPENAI_BATCH_SIZE + 5 }, (_, i) => "x".repeat(i + 1));
    const vectors = await embedWithOpenAiCompatible(texts, { baseUrl: server.baseUrl, model: "m" });
    expect(server.requests.map((r) => (r.body.input as string[]).length)).toEqual([OPENAI_BATCH_SIZE, 5]);
    expect(vectors.map((v) => Math.round((v[0]! / v[1]!) * 1000) / 1000)).toEqual(texts.map((t) => t.length));
  });

  it("throws with the status and the API's message on an error answer", async () => {
    server.failWith(401);
    await expect(
      embedWithOpenAiCompatible(["a"], { baseUrl: server.baseUrl, model: "m", apiKey: "bad" }),
    ).rejects.toThrow(/^embeddings API answered 401 Unauthorized: .*Incorrect API key provided/);
  });
});
