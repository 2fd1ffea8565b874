import { afterAll, describe, expect, it } from "vitest";
import { dot } from "./similarity";
import { closeUseLite, embedWithUseLite } from "./use-lite";
import { quantizeColumns } from "./use-lite-onnx";

// USE Lite as an ONNX graph (use-lite-onnx.ts) against TensorFlow.js running the package's own graph: the float form
// must give the same vectors (it keeps the model id `use-lite-512`), the int8 form nearly the same.
const TEXTS = [
  "pays invoices on the 5th",
  "Can we move the call to Tuesday at 3pm?",
  "the parcel to Porto is stuck in customs again",
  "ok",
  "héllo wörld ☕ 🎉👍🏽",
  "I'd like a refund for the blue jacket, it arrived in the wrong size and the zip is broken.",
  "日本語のテキスト",
  "order 52817: driver late, traffic on the A1",
  "Thanks! That's all for now. ".repeat(40),
  "a",
];

afterAll(closeUseLite);

describe("USE Lite on onnxruntime", { timeout: 60_000 }, () => {
  it("gives TensorFlow.js's vectors at float precision, each alone or padded in a batch", async () => {
    const reference = await embedWithUseLite(TEXTS, { runtime: "tfjs" });
    const float = await embedWithUseLite(TEXTS, { runtime: "fp32" });
    expect(float.model).toBe("use-lite-512");
    expect(reference.model).toBe("use-lite-512");
    TEXTS.forEach((_, i) => expect(dot(float.vectors[i]!, reference.vectors[i]!)).toBeGreaterThan(0.99999));
    const alone = await embedWithUseLite([TEXTS[5]!], { runtime: "fp32" });
    expect(dot(alone.vectors[0]!, float.vectors[5]!)).toBeGreaterThan(0.99999);
  });

  it("stays within 0.99 cosine of the float vectors at int8, under its own model id", async () => {
    const float = await embedWithUseLite(TEXTS, { runtime: "fp32" });
    const int8 = await embedWithUseLite(TEXTS, { runtime: "int8" });
    expect(int8.model).toBe("use-lite-512-int8");
    const cosines = TEXTS.map((_, i) => dot(int8.vectors[i]!, float.vectors[i]!));
    for (const cosine of cosines) expect(cosine).toBeGreaterThan(0.99);
    expect(cosines.reduce((a, b) => a + b) / cosines.length).toBeGreaterThan(0.996);
  });
});

describe("quantizeColumns", () => {
  it("codes each column in [-63, 63] against its own largest magnitude", () => {
    // 2 rows × 3 columns; the last column is all zeros.
    const { codes, scales } = quantizeColumns(Float32Array.of(0.5, -0.5, 0, -2, 0.125, 0), { rows: 2, columns: 3 });
    expect(Array.from(scales)).toEqual([Math.fround(2 / 63), Math.fround(0.5 / 63), 1]);
    expect(Array.from(codes)).toEqual([16, -63, 0, -63, 16, 0]);
  });
});
