import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey, isWellFormedApiKey } from "./api-key";

describe("API keys", () => {
  it("have the amk_ prefix, 190+ bits of randomness and a valid checksum", () => {
    const { key, prefix, hash } = generateApiKey();
    expect(key).toMatch(/^amk_[0-9A-Za-z]{38}$/);
    expect(prefix).toBe(key.slice(0, 12));
    expect(hash).toBe(hashApiKey(key));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it("are different every time", () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey().key));
    expect(keys.size).toBe(200);
  });

  it("refuse a mistyped key by checksum, without a lookup", () => {
    const { key } = generateApiKey();
    const flipped = key.slice(0, 10) + (key[10] === "a" ? "b" : "a") + key.slice(11);
    expect(isWellFormedApiKey(flipped)).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`xyz_${key.slice(4)}`)).toBe(false);
    expect(isWellFormedApiKey("")).toBe(false);
  });
});
