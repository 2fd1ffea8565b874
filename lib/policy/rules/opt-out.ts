// Consent keywords (docs/api-contract.md#consent): the whole message, case-insensitive, trailing punctuation allowed.
const OPT_OUT = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT"]);
const OPT_IN = new Set(["START"]);

export function consentKeyword(text: string): "opt_out" | "opt_in" | null {
  const word = text.trim().replace(/[.!\s]+$/, "").toUpperCase();
  if (OPT_OUT.has(word)) return "opt_out";
  if (OPT_IN.has(word)) return "opt_in";
  return null;
}
