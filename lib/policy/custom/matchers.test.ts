import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";
import {
  findCards,
  findEmails,
  findLinks,
  findMoney,
  findPattern,
  findPhones,
  luhnValid,
  parseAmount,
} from "./matchers";

describe("findLinks", () => {
  const text = "Docs at https://Docs.Example.com/a?b=1, mirror on evil.io, and www.example.org. Write bob@acme.co.uk.";

  it("finds every link and bare domain when there is no list, but not an e-mail's domain", () => {
    expect(findLinks([text], {}).map((f) => f.detail)).toEqual(["docs.example.com", "evil.io", "www.example.org"]);
  });

  it("finds the links outside the allowed domains; a subdomain of an allowed domain is allowed", () => {
    expect(findLinks([text], { allowDomains: ["example.com", "example.org"] })).toEqual([
      { kind: "links", text: "evil.io", detail: "evil.io is not an allowed domain" },
    ]);
    // A look-alike that only ends with the allowed name is not on it.
    expect(
      findLinks(["see https://notexample.com and example.com.evil.io"], { allowDomains: ["example.com"] }).length,
    ).toBe(2);
  });

  it("finds the links on a denied domain or its subdomains", () => {
    expect(findLinks([text, "or http://cdn.evil.io/x"], { denyDomains: ["evil.io"] }).map((f) => f.text)).toEqual([
      "evil.io",
      "http://cdn.evil.io/x",
    ]);
  });
});

describe("findEmails", () => {
  it("finds e-mail addresses in every text", () => {
    expect(findEmails(["mail bob@acme.co.uk", "none here", "or ops+night@example.com."]).map((f) => f.text)).toEqual([
      "bob@acme.co.uk",
      "ops+night@example.com",
    ]);
  });
});

describe("findPhones", () => {
  const text = "Call +1 212 555 0100 or 030 1234567; order 123456 ships 2026-03-08, card 4111 1111 1111 1111.";

  it("finds international numbers always, and national ones in the default country", () => {
    expect(findPhones([text], {}).map((f) => f.detail)).toEqual(["+12125550100"]);
    expect(findPhones([text], { defaultCountry: "DE" }).map((f) => f.detail)).toEqual(["+12125550100", "+49301234567"]);
  });
});

describe("findMoney", () => {
  it("reads amounts written either way round, in either decimal convention", () => {
    expect(parseAmount("1,200.50")).toBe(1200.5);
    expect(parseAmount("1.500,00")).toBe(1500);
    expect(parseAmount("1 500")).toBe(1500);
    expect(parseAmount("1,500")).toBe(1500);
    expect(parseAmount("12,5")).toBe(12.5);
    const found = findMoney(["Total $1,200.50, plus EUR 900 and 1.500,00 € and 300 dollars"], { over: 0 });
    expect(found.map((f) => f.detail)).toEqual(["1200.5 USD", "900 EUR", "1500 EUR", "300 USD"]);
  });

  it("finds only amounts strictly over the threshold, in the currency when one is named", () => {
    const texts = ["Your invoice is $500.00", "A refund of €500,01 is on its way", "GBP 9000 for the venue"];
    expect(findMoney(texts, { over: 500 }).map((f) => f.text)).toEqual(["€500,01", "GBP 9000"]);
    expect(findMoney(texts, { over: 500, currency: "EUR" }).map((f) => f.text)).toEqual(["€500,01"]);
  });

  it("stays linear on a long run of digits", () => {
    // Without the lookbehind on a number's start, each digit of the run would start a match: 0.9 s for 20,000.
    const started = performance.now();
    expect(findMoney(["1".repeat(20_000)], { over: 0 })).toEqual([]);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("does not take a bare number, or three capitals that are no currency, for money", () => {
    expect(findMoney(["Order 123456 has 900 items", "FOR 600 people", "see you at 9000 feet"], { over: 0 })).toEqual(
      [],
    );
  });
});

describe("findCards", () => {
  it("finds Luhn-valid numbers of 13 to 19 digits with spaces or dashes, and shows only the last four", () => {
    const found = findCards(["Card 4111 1111 1111 1111, or 5500-0000-0000-0004, or 378282246310005."]);
    expect(found).toEqual([
      { kind: "cards", text: "•••• 1111", detail: "16 digits" },
      { kind: "cards", text: "•••• 0004", detail: "16 digits" },
      { kind: "cards", text: "•••• 0005", detail: "15 digits" },
    ]);
  });

  it("ignores numbers that fail Luhn, are too short, or sit inside a longer run of digits", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(findCards(["4111 1111 1111 1112", "411111111111", "0004111111111111111100000"])).toEqual([]);
  });
});

describe("findPattern", () => {
  it("returns the first match in each text", () => {
    const pattern = RE2JS.compile("INV-\\d{4}-\\d+");
    expect(findPattern(["Invoice INV-2026-0042 attached", "no invoice", "INV-2025-7"], { pattern })).toEqual([
      { kind: "pattern", text: "INV-2026-0042" },
      { kind: "pattern", text: "INV-2025-7" },
    ]);
  });

  it("runs a pathological pattern over a long text in linear time", () => {
    // (a+)+$ takes a backtracking engine exponential time in the text's length: V8's RegExp needs seconds for 30
    // characters. RE2 needs one pass.
    const pattern = RE2JS.compile("(a+)+$");
    const text = `${"a".repeat(100_000)}!`;
    const started = performance.now();
    expect(findPattern([text], { pattern })).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
