import { describe, expect, it } from "vitest";
import { factText } from "./fact-text";

describe("factText", () => {
  it("cuts digests and ids, keeps codes, numbers and booleans whole", () => {
    const digest = "a".repeat(64);
    expect(factText(digest)).toEqual({ short: "aaaaaaaaaaaa…", full: digest, cut: true });
    const id = "3cafbc93-bc29-440c-872a-59eed73bf728";
    expect(factText(id)).toEqual({ short: "3cafbc93…", full: id, cut: true });
    expect(factText("held")).toEqual({ short: "held", full: "held", cut: false });
    expect(factText(3)).toEqual({ short: "3", full: "3", cut: false });
    expect(factText(false)).toEqual({ short: "false", full: "false", cut: false });
    expect(factText(null)).toEqual({ short: "null", full: "null", cut: false });
  });

  it("writes lists item by item, and cuts anything long", () => {
    expect(factText(["new_bot", "links"])).toEqual({ short: "new_bot, links", full: "new_bot, links", cut: false });
    expect(factText([])).toEqual({ short: "none", full: "", cut: false });
    expect(factText({ a: "x".repeat(50) }).short).toHaveLength(40);
    expect(factText({ a: "x".repeat(50) }).cut).toBe(true);
  });
});
