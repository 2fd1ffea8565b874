import { describe, expect, it } from "vitest";
import { dcg, mean, ndcgAt, recallAt } from "./metrics";

// The measures of bench:relevance against examples worked by hand (log2(2) = 1, log2(3) = 1.585, log2(4) = 2,
// log2(5) = 2.3219, log2(11) = 3.4594).

describe("dcg", () => {
  it("sums grade / log2(rank + 1) over the first k, with linear gains", () => {
    // 2/1 + 0/1.585 + 1/2 = 2.5
    expect(dcg([2, 0, 1])).toBeCloseTo(2.5, 10);
    // 1/1 + 2/1.585 = 1 + 1.26186 = 2.26186
    expect(dcg([1, 2])).toBeCloseTo(1 + 2 / Math.log2(3), 10);
    expect(dcg([])).toBe(0);
  });

  it("stops at k", () => {
    expect(dcg([2, 2, 2], 1)).toBe(2);
    // an 11th result adds nothing at k = 10
    expect(dcg([...Array<number>(10).fill(0), 2])).toBe(0);
  });
});

describe("ndcgAt", () => {
  it("is 1 for the ideal order and less for any other", () => {
    expect(ndcgAt([2, 1, 0], { judged: [1, 2] })).toBeCloseTo(1, 10);
    // ranked [1, 2]: 1 + 2/1.585 = 2.26186; ideal [2, 1]: 2 + 1/1.585 = 2.63093; 0.85972
    expect(ndcgAt([1, 2], { judged: [2, 1] })).toBeCloseTo(2.26186 / 2.63093, 4);
  });

  it("takes the ideal from every judged message of the corpus, not only those returned", () => {
    // one grade-2 hit at rank 3 of three grade-2 messages in the corpus:
    // DCG = 2/2 = 1; IDCG = 2 + 2/1.585 + 2/2 = 4.26186; nDCG = 0.23464
    expect(ndcgAt([0, 0, 2], { judged: [2, 2, 2] })).toBeCloseTo(1 / (3 + 2 / Math.log2(3)), 10);
    expect(ndcgAt([0, 0, 2], { judged: [2, 2, 2] })).toBeCloseTo(0.23464, 4);
  });

  it("gives grade 1 half the gain of grade 2", () => {
    // [1] against an ideal [2]: 1/2
    expect(ndcgAt([1], { judged: [2] })).toBe(0.5);
    // [0, 1] against [2, 1]: (1/1.585) / (2 + 1/1.585) = 0.63093 / 2.63093 = 0.23981
    expect(ndcgAt([0, 1], { judged: [2, 1] })).toBeCloseTo(0.23981, 4);
  });

  it("cuts both lists at k", () => {
    // 12 grade-2 messages, the top 10 all grade 2: perfect, whatever lies beyond
    expect(ndcgAt(Array<number>(10).fill(2), { judged: Array<number>(12).fill(2) })).toBeCloseTo(1, 10);
    // k = 2: [0, 2] against [2, 2]: (2/1.585) / (2 + 2/1.585) = 1.26186 / 3.26186 = 0.38685
    expect(ndcgAt([0, 2, 2], { judged: [2, 2, 2], k: 2 })).toBeCloseTo(0.38685, 4);
  });

  it("is 0 for an empty list, and when nothing is relevant", () => {
    expect(ndcgAt([], { judged: [2] })).toBe(0);
    expect(ndcgAt([0, 0], { judged: [] })).toBe(0);
  });
});

describe("recallAt", () => {
  it("counts what is found in the first k over min(k, relevant)", () => {
    // 2 of 3 grade-2 messages found
    expect(recallAt([2, 0, 1, 2], { relevant: 3, atLeast: 2 })).toBeCloseTo(2 / 3, 10);
    // at grade >= 1: 3 found of 4 relevant
    expect(recallAt([2, 0, 1, 2], { relevant: 4, atLeast: 1 })).toBe(0.75);
  });

  it("is capped: a full top k of 300 relevant messages is 1", () => {
    expect(recallAt(Array<number>(10).fill(2), { relevant: 300, atLeast: 2 })).toBe(1);
    expect(recallAt([2, 2, 2, 2, 2, 0, 0, 0, 0, 0], { relevant: 300, atLeast: 2 })).toBe(0.5);
  });

  it("ignores hits past k, and is 0 when nothing is relevant", () => {
    expect(recallAt([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], { relevant: 1, atLeast: 2 })).toBe(0);
    expect(recallAt([2, 2], { relevant: 5, atLeast: 2, k: 1 })).toBe(1);
    expect(recallAt([], { relevant: 0, atLeast: 1 })).toBe(0);
  });
});

describe("mean", () => {
  it("averages, NaN for nothing", () => {
    expect(mean([0.5, 1, 0])).toBe(0.5);
    expect(mean([])).toBeNaN();
  });
});
