import { describe, expect, it } from "vitest";
import { cosine, dot, fromFloat4Array, normalize, toPgVectorLiteral } from "./similarity";

describe("cosine, dot and normalize", () => {
  it("cosine is 1 for the same direction, 0 for orthogonal, -1 for opposite, 0 with a zero vector", () => {
    expect(cosine([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(cosine([1, 0], [0, 5])).toBe(0);
    expect(cosine([1, 1], [-1, -1])).toBeCloseTo(-1, 12);
    expect(cosine([0, 0], [1, 1])).toBe(0);
    expect(() => cosine([1], [1, 2])).toThrow(/different lengths/);
  });

  it("normalize makes unit vectors whose dot product is their cosine", () => {
    const a = normalize([3, 4]);
    const b = normalize([1, 7]);
    expect(Array.from(a)).toEqual([Math.fround(0.6), Math.fround(0.8)]);
    expect(dot(a, b)).toBeCloseTo(cosine([3, 4], [1, 7]), 6);
    expect(Array.from(normalize([0, 0]))).toEqual([0, 0]);
  });
});

describe("to and from PostgreSQL", () => {
  const vector = new Float32Array([0.1, -0.25, 1 / 3, 1e-8, 0]);

  it("a pgvector literal prints each float32 so that it reads back exactly", () => {
    const literal = toPgVectorLiteral(vector);
    expect(literal).toBe("[0.1,-0.25,0.33333334,1e-8,0]");
    const back = new Float32Array(literal.slice(1, -1).split(",").map(Number));
    expect(Array.from(back)).toEqual(Array.from(vector));
    expect(() => toPgVectorLiteral([NaN])).toThrow(/NaN/);
  });

  it("what pg reads back from a real[] becomes the same Float32Array", () => {
    // node-postgres parses real[] to numbers from Postgres's shortest float4 text; the text form is accepted too.
    expect(Array.from(fromFloat4Array([0.1, -0.25, 0.33333334, 1e-8, 0]))).toEqual(Array.from(vector));
    expect(Array.from(fromFloat4Array("{0.1,-0.25,0.33333334,1e-08,0}"))).toEqual(Array.from(vector));
    expect(Array.from(fromFloat4Array("{}"))).toEqual([]);
    expect(() => fromFloat4Array(null)).toThrow(/not a real\[\] value/);
    expect(() => fromFloat4Array([1, null])).toThrow(/not a real\[\] element/);
  });

  it("a pgvector literal round-trips any float32 through the shortest decimal", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 10 ** Math.floor((seed % 12) - 6);
    const values = new Float32Array(Array.from({ length: 20_000 }, random));
    const literal = toPgVectorLiteral(values);
    expect(Array.from(new Float32Array(literal.slice(1, -1).split(",").map(Number)))).toEqual(Array.from(values));
  });
});
