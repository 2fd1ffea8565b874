import { describe, expect, it } from "vitest";
import { consentKeyword } from "./opt-out";

describe("consentKeyword", () => {
  it.each(["STOP", "stop", " Stop. ", "STOPALL", "unsubscribe", "Cancel", "END", "quit!", "OPTOUT"])("%j opts out", (text) => {
    expect(consentKeyword(text)).toBe("opt_out");
  });
  it.each(["START", "start", " Start! "])("%j opts in", (text) => {
    expect(consentKeyword(text)).toBe("opt_in");
  });
  it.each(["please stop", "stop it", "don't stop", "starting soon", "", "OPT OUT NOW"])("%j is just a message", (text) => {
    expect(consentKeyword(text)).toBeNull();
  });
});
