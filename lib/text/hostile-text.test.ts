import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import {
  cutText,
  describeHostileText,
  describePath,
  findHostileText,
  NUL_PROBLEM,
  refuseHostileValues,
  SURROGATE_PROBLEM,
  textProblem,
} from "./hostile-text";

// The one text rule (issue 16): NUL and unpaired surrogates are refused; every real character passes.

describe("textProblem", () => {
  it.each([
    ["a\u0000b", NUL_PROBLEM],
    ["\u0000", NUL_PROBLEM],
    ["lone high \ud800", SURROGATE_PROBLEM],
    ["\udfff lone low", SURROGATE_PROBLEM],
    ["reversed pair \udc00\ud800", SURROGATE_PROBLEM],
    ["high then letter \ud83dx", SURROGATE_PROBLEM],
  ])("refuses %j", (text, problem) => {
    expect(textProblem(text)).toBe(problem);
  });

  it.each([
    "",
    "plain words",
    "emoji 🙂 and a family 👨‍👩‍👧",
    "a valid pair \ud83d\ude42",
    "right-to-left: שלום, مرحبا",
    "a\u202eevil.exe (an override is text the chat shows, not a storage problem)",
    "tabs\tand\nnewlines\r\n, U+FFFD \ufffd, U+001F \u001f",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 outside the BMP",
  ])("lets %j pass", (text) => {
    expect(textProblem(text)).toBeNull();
  });
});

describe("findHostileText", () => {
  it("finds the first offending string in document order, with its path", () => {
    const input = {
      body: "fine",
      blocks: [
        { type: "approval_card", title: "ok", fields: [{ label: "L", value: "bad \u0000" }] },
        { type: "status_block", title: "\ud800 later" },
      ],
    };
    expect(findHostileText(input)).toEqual({
      path: ["blocks", 0, "fields", 0, "value"],
      inKey: false,
      problem: NUL_PROBLEM,
    });
  });

  it("checks object keys, as field names", () => {
    expect(findHostileText({ blocks: [{ ["ti\u0000tle"]: "x" }] })).toEqual({
      path: ["blocks", 0, "ti\u0000tle"],
      inKey: true,
      problem: NUL_PROBLEM,
    });
    expect(findHostileText({ ["\udc00"]: 1 })).toMatchObject({ inKey: true, problem: SURROGATE_PROBLEM });
  });

  it("answers a bare string with an empty path, and nothing for clean input", () => {
    expect(findHostileText("x\u0000")).toEqual({ path: [], inKey: false, problem: NUL_PROBLEM });
    expect(findHostileText({ a: ["🙂", { b: 1, c: null, d: true }], e: "שלום" })).toBeNull();
    expect(findHostileText(42)).toBeNull();
    expect(findHostileText(null)).toBeNull();
    expect(findHostileText(undefined)).toBeNull();
  });

  it("does not enter dates, buffers or class instances (no text of theirs enters)", () => {
    class Holder {
      text = "\u0000";
    }
    expect(findHostileText([new Date(), Buffer.from([0, 0xed, 0xa0, 0x80]), new Holder()])).toBeNull();
  });

  it("walks input nested deeper than the call stack allows without overflowing", () => {
    let deep: unknown = "bottom \u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const found = findHostileText(deep);
    expect(found?.problem).toBe(NUL_PROBLEM);
    expect(found?.path).toHaveLength(200_000);
  });
});

describe("describing where", () => {
  it("writes paths as people read them, quoting keys that are not plain words", () => {
    expect(describePath(["blocks", 0, "fields", 1, "label"])).toBe("blocks[0].fields[1].label");
    expect(describePath(["values", "my field", "x"])).toBe('values["my field"].x');
    expect(describePath([])).toBe("");
  });

  it("never puts the offending character itself into the message", () => {
    const key = findHostileText({ blocks: [{ ["a\u0000\ud800"]: 1 }] })!;
    const message = describeHostileText(key);
    expect(message).toBe('blocks[0]["a\\u0000\\ud800"]: this field name contains a NUL character (U+0000)');
    expect(textProblem(message)).toBeNull();
    expect(describeHostileText(findHostileText({ body: "\ud800" })!)).toBe(`body: ${SURROGATE_PROBLEM}`);
    expect(describeHostileText(findHostileText("\u0000")!, "q")).toBe(`q: ${NUL_PROBLEM}`);
  });
});

describe("refuseHostileValues (the net under SQL)", () => {
  it("refuses a parameter that breaks the rule, anywhere inside it, with 422 invalid_body", () => {
    for (const values of [["ok", "x\u0000"], [1, { blocks: [{ title: "\ud800" }] }], [["tag", "\u0000"]]]) {
      let caught: unknown;
      try {
        refuseHostileValues(values);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ApiError);
      expect(caught).toMatchObject({ code: "invalid_body", status: 422 });
    }
  });

  it("lets every ordinary parameter through", () => {
    expect(() =>
      refuseHostileValues(["🙂", 1, 2n, true, null, undefined, new Date(), Buffer.from([0]), { a: ["b"] }, ["c"]]),
    ).not.toThrow();
  });
});

describe("cutText", () => {
  it("cuts at a length, one unit shorter when the cut would split a surrogate pair", () => {
    expect(cutText("abcdef", 3)).toBe("abc");
    expect(cutText("ab🙂cd", 3)).toBe("ab");
    expect(cutText("ab🙂cd", 4)).toBe("ab🙂");
    expect(cutText("short", 140)).toBe("short");
    for (let max = 1; max < 12; max++) expect(cutText("🙂🙂🙂🙂🙂🙂", max).isWellFormed()).toBe(true);
  });
});
