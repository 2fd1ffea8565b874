import { describe, expect, it } from "vitest";
import { looksAlike, nameKeys, skeleton } from "./name-skeleton";

// Issue 31, 3c: UTS #39 confusable skeletons, as names are compared.
describe("skeleton", () => {
  it("maps look-alikes to Unicode's prototypes (confusables.txt)", () => {
    expect(skeleton("p\u0430ypal")).toBe(skeleton("paypal")); // Cyrillic а
    expect(skeleton("0")).toBe(skeleton("O"));
    expect(skeleton("m")).toBe(skeleton("rn"));
    expect(skeleton("Ⅰ")).toBe(skeleton("l"));
  });

  it("drops default-ignorable characters first (zero widths, joiners, variation selectors)", () => {
    expect(skeleton("Bil\u200bling")).toBe(skeleton("Billing"));
    expect(skeleton("Bil\u2060l\u00ading")).toBe(skeleton("Billing"));
  });

  it("is taken on the canonical decomposition: a precomposed letter meets its parts", () => {
    expect(skeleton("\u00e9")).toBe(skeleton("e\u0301"));
  });
});

describe("looksAlike", () => {
  const alike: [string, string][] = [
    ["Billing", "Billing"],
    ["Billing", "billing"],
    ["Billing", "BILLING"],
    ["Billing", "Bi11ing"],
    ["Billing", "Bil\u200bling"],
    ["Billing", "\u0412illing"], // Cyrillic В
    ["Billing", " Billing  "],
    ["Billing Bot", "Billing  Bot"],
    ["Claude", "\u0421laude"], // Cyrillic С
    ["Claude", "CIaude"], // capital I for l
    ["mybank", "rnybank"],
    ["paypal", "p\u0430yp\u0430l"],
  ];
  it.each(alike)("%s looks like %s", (a, b) => {
    expect(looksAlike(a, b)).toBe(true);
  });

  const different: [string, string][] = [
    ["Billing", "Bidding"],
    ["Billing", "Billing Bot"],
    ["Claude", "Clyde"],
    ["Поддержка", "Support"],
    ["サポート", "サボート"],
  ];
  it.each(different)("%s does not look like %s", (a, b) => {
    expect(looksAlike(a, b)).toBe(false);
  });

  it("gives equal keys for a handle and the name it spells", () => {
    expect(nameKeys("billing")).toEqual(nameKeys("Billing"));
  });
});
