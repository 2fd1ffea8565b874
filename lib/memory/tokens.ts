import { GptEncoding } from "gpt-tokenizer/GptEncoding";
import cl100kRanks from "gpt-tokenizer/bpeRanks/cl100k_base";

// Token counts for context packs (docs/api-contract.md#context-pack): OpenAI's cl100k_base BPE, from gpt-tokenizer
// (pure JavaScript, ranks inside the package, byte-for-byte the encoding of OpenAI's tiktoken). Importing this module
// parses the ranks (~80 ms, ~27 MB); the encoder's lookup tables are built on the first count (~40 ms, ~13 MB more).

let encoding: GptEncoding | null = null;
// Text that looks like a special token ("<|endoftext|>") in a message is counted as the plain text it is.
const asPlainText = { disallowedSpecial: new Set<string>() };

/** The number of cl100k_base tokens in text. */
export function countTokens(text: string): number {
  encoding ??= GptEncoding.getEncodingApi("cl100k_base", () => cl100kRanks);
  return encoding.countTokens(text, asPlainText);
}
