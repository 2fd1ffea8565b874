import { describe, expect, it } from "vitest";
import { checkArgs, UsageError } from "./command";

// The CLI holds everything typed to the text rule once, where it parses its arguments (cli/run.ts): a usage
// mistake naming the option. (A real process's argv cannot carry a NUL, so this is checked on parsed arguments.)

const refusal = (work: () => void) => {
  try {
    work();
  } catch (error) {
    return error;
  }
  return null;
};

describe("checkArgs", () => {
  it("refuses an option or an argument with a NUL or an unpaired surrogate, naming it", () => {
    const body = refusal(() => checkArgs({ positionals: [], flags: { conversation: "c", body: "hi \u0000", as: "a@b" } }));
    expect(body).toBeInstanceOf(UsageError);
    expect((body as Error).message).toBe("--body: contains a NUL character (U+0000)");
    const attach = refusal(() => checkArgs({ positionals: [], flags: { attach: ["a.pdf", "b\ud800.pdf"] } }));
    expect((attach as Error).message).toBe("--attach[1]: contains an unpaired surrogate (not valid Unicode)");
    const positional = refusal(() => checkArgs({ positionals: ["approve", "x\u0000"], flags: {} }));
    expect((positional as Error).message).toBe("argument 2: contains a NUL character (U+0000)");
  });

  it("lets every real character through", () => {
    expect(() =>
      checkArgs({ positionals: ["42"], flags: { body: "Zoë 🙂 שלום a\u202eb", json: true, attach: ["a.pdf"] } }),
    ).not.toThrow();
  });
});
