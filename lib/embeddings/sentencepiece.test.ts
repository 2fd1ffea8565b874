import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SentencePiece, type Vocabulary } from "./sentencepiece";
import { weightsPackageDir } from "./use-lite-onnx";

// The tokenizer must give exactly the ids of @energetic-ai/embeddings' own (the one USE Lite was run with until
// issue 36), or the same text would get another vector. That one is reached through the class the package exports.
const vocabulary = JSON.parse(readFileSync(path.join(weightsPackageDir(), "vocab.json"), "utf8")) as Vocabulary;
const ours = new SentencePiece(vocabulary);

async function libraryTokenizer(): Promise<{ encode(text: string): number[] }> {
  const { EmbeddingsModel } = await import("@energetic-ai/embeddings");
  return new EmbeddingsModel({ vocabulary, model: null as never }).tokenizer;
}

describe("SentencePiece", () => {
  it("gives the library's ids for every line of the repository's guides and for edge cases", async () => {
    const library = await libraryTokenizer();
    const texts = [
      "",
      " ",
      "   leading and trailing   ",
      "tabs\tand\nnewlines",
      "héllo wörld ☕ 🎉👍🏽 ok",
      "日本語のテキストと English",
      "e\u0301 (a combining accent) and ﬁ (a ligature NFKC splits)",
      "x\u0000y\u200bz",
      "a".repeat(500),
      "Can we move the call to Tuesday at 3pm? Invoice #52817 is still open.",
      ...["README.md", ...readdirSync("docs/guides").map((file) => path.join("docs/guides", file))]
        .flatMap((file) => readFileSync(file, "utf8").split("\n"))
        .filter((line) => line.trim() !== ""),
    ];
    const differing = texts.filter(
      (text) => JSON.stringify(ours.encode(text)) !== JSON.stringify(library.encode(text)),
    );
    expect(differing).toEqual([]);
  });

  it("marks word starts and keeps runs of unknown characters as one unknown id", () => {
    const ids = ours.encode("the 😀😀😀 end");
    expect(vocabulary[ids[0]!]![0]).toBe("▁the");
    expect(ids.filter((id) => id === 0)).toHaveLength(1);
    expect(vocabulary[ids.at(-1)!]![0]).toBe("▁end");
  });

  it("tokenizes a text of 100,000 characters, which the library's quadratic search could not do in useful time", () => {
    const ids = ours.encode("pays invoices late ".repeat(5300));
    expect(ids.length).toBeGreaterThan(5300 * 3);
    expect(new Set(ids).size).toBeLessThan(10);
  });
});
