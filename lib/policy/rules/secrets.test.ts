import { describe, expect, it } from "vitest";
import { findSecrets } from "./secrets";

const kinds = (text: string) => findSecrets(text).map((f) => f.kind);

describe("findSecrets", () => {
  it.each([
    ["api_key", "our key is amk_PrGNOsNeKtjBn6IkrFkQVJJxdAdPbajh4KAIjf"],
    ["api_key", "sk_live_4eC39HqLyjWDarjtT1zdp7dc"],
    ["api_key", "AWS: AKIAIOSFODNN7EXAMPLE"],
    ["api_key", "AIzaSyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI"],
    ["token", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"],
    ["token", "xoxb-123456789012-abcdefghij"],
    ["token", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"],
    ["token", "Authorization: Bearer abcdefghijklmnopqrstuvwxyz123456"],
    ["private_key", "-----BEGIN RSA PRIVATE KEY-----\nMIIE..."],
    ["private_key", "-----BEGIN PRIVATE KEY-----"],
    ["password", "password: hunter2hunter2"],
    ["password", "pwd=Tr0ub4dor&3"],
    ["password", "my password is correcthorse99"],
    ["card_number", "card 4242 4242 4242 4242 exp 12/30"],
    ["card_number", "5555-5555-5555-4444"],
    ["iban", "IBAN DE89 3704 0044 0532 0130 00"],
    ["iban", "GB82WEST12345698765432"],
  ])("finds %s in %j", (kind, text) => {
    expect(kinds(text)).toContain(kind);
  });

  it.each([
    "my password reset didn't work",
    "the password is required to log in",
    "call me at +1 415 555 0100",
    "order 123456 shipped",
    "the price is $40",
    "tracking number 1234567890123 (fails Luhn)",
    "4242 4242 4242 4241 is not a valid card",
    "DE89 3704 0044 0532 0130 01 has a wrong check",
    "see you at 10:30 on 2026-11-24",
    "Bearer of good news!",
  ])("finds nothing in %j", (text) => {
    expect(findSecrets(text)).toEqual([]);
  });

  it("reports where each secret starts and never the secret itself", () => {
    const text = "a: 4242424242424242, b: sk_test_abcdefghijklmnop1234";
    const findings = findSecrets(text);
    expect(findings.map((f) => f.index)).toEqual([text.indexOf("4242"), text.indexOf("sk_test")]);
    expect(JSON.stringify(findings)).not.toContain("4242424242424242");
  });
});
