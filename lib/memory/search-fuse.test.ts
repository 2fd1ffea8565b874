import { describe, expect, it } from "vitest";
import { fuse, RRF_K } from "./search-contact";

describe("reciprocal rank fusion", () => {
  it("sums 1 / (60 + rank) over the lists; an item in both lists beats the top of one", () => {
    const words = [
      { kind: "message" as const, id: "a" },
      { kind: "message" as const, id: "b" },
    ];
    const meaning = [
      { kind: "fact" as const, id: "c" },
      { kind: "message" as const, id: "b" },
    ];
    const fused = fuse([words, meaning]);
    expect(RRF_K).toBe(60);
    expect(fused.map((f) => `${f.kind}:${f.id}`)).toEqual(["message:b", "message:a", "fact:c"]);
    expect(fused[0]!.score).toBeCloseTo(2 / 62, 12);
    expect(fused[1]!.score).toBeCloseTo(1 / 61, 12);
  });

  it("keeps a message and a fact with the same id apart, and fuses empty lists to nothing", () => {
    expect(fuse([[{ kind: "message", id: "x" }], [{ kind: "fact", id: "x" }]])).toHaveLength(2);
    expect(fuse([[], []])).toEqual([]);
  });
});
