import { describe, expect, it } from "vitest";
import { mayMention, mentionCandidates } from "./mentions";

describe("mentions of people", () => {
  it("finds @handles with dots, dashes and underscores, lower-cased, each once", () => {
    expect(mentionCandidates("@Ana.Lima can you check? cc @ben_o and @ana.lima")).toEqual(["ana.lima", "ben_o"]);
  });

  it("a sentence's final dot is a candidate both with and without it", () => {
    expect(mentionCandidates("Thanks @ana.")).toEqual(["ana.", "ana"]);
  });

  it("an email address or a word with @ inside is not a mention", () => {
    expect(mentionCandidates("write to ana@example.com or foo@bar")).toEqual([]);
    expect(mayMention("no one here")).toBe(false);
    expect(mayMention("hi @x")).toBe(false); // handles have at least 2 characters
  });

  it("a handle longer than 32 characters is not one", () => {
    expect(mentionCandidates(`@${"a".repeat(33)}`)).toEqual([]);
    expect(mentionCandidates(`@${"a".repeat(32)}!`)).toEqual(["a".repeat(32)]);
  });
});
