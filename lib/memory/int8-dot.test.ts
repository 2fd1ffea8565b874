import { describe, expect, it } from "vitest";
import { Int8Matrix, paddedDims, quantize } from "./int8-dot";

// The hand-assembled WebAssembly kernel against plain arithmetic.

function random(dims: number, seed: number): number[] {
  let x = seed;
  return Array.from({ length: dims }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31 - 0.5;
  });
}

describe("Int8Matrix", () => {
  it.each([512, 1536, 20, 1])("scores equal the integer dot products (%i dimensions, padded to 16)", (dims) => {
    const stride = paddedDims(dims);
    expect(stride % 16).toBe(0);
    const matrix = new Int8Matrix(dims);
    const rows: Int8Array[] = [];
    // Appended in uneven batches, across memory growth.
    for (const count of [1, 7, 300, 2]) {
      const batch = new Int8Array(stride * count);
      for (let r = 0; r < count; r++) quantize(random(dims, rows.length + r + 1), { codes: batch, offset: r * stride });
      for (let r = 0; r < count; r++) rows.push(batch.slice(r * stride, (r + 1) * stride));
      matrix.append(batch, count);
    }
    const query = new Int8Array(stride);
    quantize(random(dims, 999), { codes: query });
    const scores = matrix.scores(query);
    expect(scores).toHaveLength(rows.length);
    rows.forEach((row, r) => {
      let sum = 0;
      for (let j = 0; j < stride; j++) sum += row[j]! * query[j]!;
      expect(scores[r]).toBe(sum);
    });
  });

  it("an empty matrix scores nothing", () => {
    expect(new Int8Matrix(512).scores(new Int8Array(512))).toHaveLength(0);
  });
});

describe("quantize", () => {
  it("maps the largest magnitude to ±127 and returns the scale that undoes it", () => {
    const out = new Int8Array(16);
    const scale = quantize([0.5, -0.25, 0.125, 0], { codes: out });
    expect([...out.slice(0, 4)]).toEqual([127, -63, 32, 0]); // -63.5 rounds up
    expect(scale).toBeCloseTo(0.5 / 127, 10);
    expect(quantize([0, 0], { codes: new Int8Array(16) })).toBe(0);
  });

  it("keeps cosine estimates of unit vectors within 0.01", () => {
    const dims = 512;
    const unit = (v: number[]) => {
      const n = Math.hypot(...v);
      return v.map((x) => x / n);
    };
    const a = unit(random(dims, 1));
    const b = unit(random(dims, 2).map((x, i) => x + a[i]! * 3));
    const qa = new Int8Array(dims);
    const qb = new Int8Array(dims);
    const estimate =
      quantize(a, { codes: qa }) * quantize(b, { codes: qb }) * qa.reduce((sum, x, i) => sum + x * qb[i]!, 0);
    const exact = a.reduce((sum, x, i) => sum + x * b[i]!, 0);
    expect(Math.abs(estimate - exact)).toBeLessThan(0.01);
  });
});
