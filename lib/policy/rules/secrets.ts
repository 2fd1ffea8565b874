// secrets_detected (docs/api-contract.md#content-rules): API keys and tokens, private keys, passwords in clear, card
// numbers (Luhn) and IBANs (mod 97). A finding names its kind and where it starts, never the secret itself. Patterns
// are chosen so that ordinary chat ("my password reset failed", a phone number, an order number) is not flagged.

export type SecretKind = "api_key" | "token" | "private_key" | "password" | "card_number" | "iban";
export interface SecretFinding {
  kind: SecretKind;
  index: number;
}

const PATTERNS: { kind: SecretKind; pattern: RegExp }[] = [
  { kind: "api_key", pattern: /\bamk_[0-9A-Za-z]{20,}/g },
  { kind: "api_key", pattern: /\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{16,}/g },
  { kind: "api_key", pattern: /\bAKIA[0-9A-Z]{16}\b/g },
  { kind: "api_key", pattern: /\bAIza[0-9A-Za-z_-]{35}/g },
  { kind: "api_key", pattern: /\bsk-(?:proj-)?[0-9A-Za-z_-]{32,}/g },
  { kind: "token", pattern: /\b(?:ghp|gho|ghu|ghs|ghr)_[0-9A-Za-z]{30,}/g },
  { kind: "token", pattern: /\bgithub_pat_[0-9A-Za-z_]{40,}/g },
  { kind: "token", pattern: /\bxox[abprs]-[0-9A-Za-z-]{10,}/g },
  { kind: "token", pattern: /\beyJ[0-9A-Za-z_-]{8,}\.eyJ[0-9A-Za-z_-]{8,}\.[0-9A-Za-z_-]{8,}/g },
  { kind: "token", pattern: /\bBearer\s+[0-9A-Za-z._~+/-]{20,}=*/g },
  { kind: "private_key", pattern: /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----/g },
  // "password: x", "pwd=x", "passcode is x", "my password is x": a label, a separator, then a value of 4+ non-space
  // characters that is not a common word continuing the sentence.
  {
    kind: "password",
    pattern: /\b(?:password|passwd|pwd|passcode|pin code|passphrase)\s*(?:[:=]|\bis\b)\s*["'`]?(?!(?:reset|wrong|incorrect|required|expired|changed|invalid|correct|needed|the|a|an|not|too|still|my|your)\b)[^\s"'`]{4,}/gi,
  },
];

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function ibanValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export function findSecrets(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const { kind, pattern } of PATTERNS) {
    for (const match of text.matchAll(pattern)) findings.push({ kind, index: match.index ?? 0 });
  }
  // Card numbers: 13-19 digits, grouped by single spaces or dashes, passing Luhn; not all one digit.
  for (const match of text.matchAll(/(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g)) {
    const digits = match[0].replace(/[ -]/g, "");
    if (digits.length >= 13 && digits.length <= 19 && !/^(\d)\1+$/.test(digits) && luhn(digits)) {
      findings.push({ kind: "card_number", index: match.index ?? 0 });
    }
  }
  // IBANs: country code, 2 check digits, 11-30 alphanumerics, optionally in groups of four.
  for (const match of text.matchAll(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g)) {
    const iban = match[0].replace(/ /g, "");
    if (iban.length >= 15 && iban.length <= 34 && ibanValid(iban)) findings.push({ kind: "iban", index: match.index ?? 0 });
  }
  return findings.sort((a, b) => a.index - b.index);
}
