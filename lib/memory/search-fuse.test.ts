import { describe, expect, it } from "vitest";
import { fuse, itemKey, RRF_K } from "./search-contact";

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

  it("gives an item a list could not rank its other lists' mean for that list, so a switch of model does not bury it", () => {
    // Mid-switch: "t" is the best word match but has no vector of the current model yet; "e1" to "e3" are re-embedded
    // and match both ways, less well by words.
    const words = ["t", "e1", "e2", "e3"].map((id) => ({ kind: "message" as const, id }));
    const meaning = ["e1", "e2", "e3"].map((id) => ({ kind: "message" as const, id }));
    const plain = fuse([words, meaning]).map((f) => f.id);
    expect(plain.indexOf("t")).toBe(3); // ranked out of a top 3
    const fair = fuse([words, meaning], { unseen: [undefined, new Set([itemKey(words[0]!)])] });
    expect(fair.map((f) => f.id)).toEqual(["t", "e1", "e2", "e3"]);
    expect(fair[0]!.score).toBeCloseTo(2 / 61, 12);
    // An item the blind list ranked after all (its vector arrived meanwhile) keeps its real score; so does a fact
    // sharing the id of an unseen message.
    const late = fuse([words, meaning], { unseen: [undefined, new Set(["message:e1", "fact:t"])] });
    expect(late.find((f) => f.id === "e1")!.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(late.find((f) => f.id === "t")!.score).toBeCloseTo(1 / 61, 12);
  });
});
