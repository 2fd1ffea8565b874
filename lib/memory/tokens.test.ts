import { describe, expect, it } from "vitest";
import { countTokens } from "./tokens";

// cl100k_base counts, checked against OpenAI's tiktoken: the short ids are tiktoken's own published outputs
// ("hello world" is [15339, 1917] in its test suite; "Hello, world!" is [9906, 11, 1917, 0]); the paragraph's 97
// was counted by js-tiktoken (a port of tiktoken with OpenAI's rank file) and by gpt-tokenizer, token for token.
const paragraph =
  "Ana confirmed she pays invoices on the 5th of each month. She prefers morning calls, before 10:00 Lisbon time, " +
  "and asked us not to phone on Fridays. Her company, Padaria Rosa Lda., has two locations; the second opened in " +
  'March 2024. Contact: ana@example.com, +351 912 345 678. 🍞 Notes: "Don\'t upsell" — she said so twice!\n\n' +
  "  Indented line\twith tab.";

describe("countTokens (cl100k_base)", () => {
  it.each([
    ["", 0],
    ["hello world", 2],
    ["Hello, world!", 4],
    ["tiktoken is great!", 6],
    ["是美國", 4],
    [paragraph, 97],
  ])("%j has %i tokens", (text, expected) => {
    expect(countTokens(text)).toBe(expected);
  });

  it("counts text that looks like a special token as plain text instead of throwing", () => {
    expect(countTokens("hi <|endoftext|> there")).toBe(8);
  });
});
