import { find as findLinkLike } from "linkifyjs";
import { findPhoneNumbersInText, type CountryCode } from "libphonenumber-js/max";
import type { RE2JS } from "re2js";
import { parse as parseUrl } from "tldts";

// The content matchers of custom rules (docs/decisions/034-policy-rules.md). Each reads every text of a message
// (its body and each text of its blocks) and returns what it found, so that a verdict and the dry run can say why.
// Maintained parsers do what is easy to get wrong: linkifyjs finds links, bare domains and e-mail addresses, tldts
// knows registrable domains from the Public Suffix List, libphonenumber-js (with its full metadata, so a number is
// checked against its country's real ranges and an order number is not a phone) finds phone numbers. Money and card
// numbers are small enough to write here. A card number is never returned in clear: the finding shows its last four.

export type MatcherKind = "links" | "emails" | "phones" | "money" | "cards" | "attachments" | "blocks" | "pattern";

/** One thing a matcher found: `text` is what it saw (masked for a card), `detail` what it made of it. */
export interface Finding {
  kind: MatcherKind;
  text: string;
  detail?: string;
}

/** At most this many findings per matcher and message: enough to say why, bounded for a hostile text. */
export const FINDINGS_MAX = 5;

export interface LinkOptions {
  /** Normalized domains (lowercase, no `*.`): a link on one of them or a subdomain is allowed. */
  allowDomains?: string[];
  denyDomains?: string[];
}

/** Whether `host` is `domain` or one of its subdomains. */
export function onDomain(host: string, { domain }: { domain: string }): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

// Cheap tests that a text could hold what a parser looks for, so most texts never reach the parser (the dry run reads
// 100,000 of them). Each is a necessary condition only: a text that fails it holds nothing the parser would find.
/** A link needs a dot between two non-space characters (a domain: any dot linkify reads as one), or a scheme. */
const MAY_HOLD_LINK = /[^\s.\u3002\uff0e\uff61][.\u3002\uff0e\uff61][^\s.\u3002\uff0e\uff61]|:\/\/|localhost/iu;
/** A phone number has at least four digits (the shortest numbering plans), in any script libphonenumber reads. */
const MAY_HOLD_PHONE = /\p{Nd}(?:\P{Nd}*\p{Nd}){3}/u;

/** Links and bare domains that break the lists: every link without lists; else denied, or outside the allowed. */
export function findLinks(texts: string[], { allowDomains, denyDomains }: LinkOptions): Finding[] {
  const found: Finding[] = [];
  for (const text of texts) {
    if (!MAY_HOLD_LINK.test(text)) continue;
    for (const link of findLinkLike(text, "url")) {
      const host = parseUrl(link.href).hostname?.toLowerCase() ?? "";
      const denied = denyDomains?.find((domain) => onDomain(host, { domain }));
      const outside = allowDomains !== undefined && !allowDomains.some((domain) => onDomain(host, { domain }));
      if (denied) found.push({ kind: "links", text: link.value, detail: `${host} is on the deny list (${denied})` });
      else if (outside) found.push({ kind: "links", text: link.value, detail: `${host} is not an allowed domain` });
      else if (!allowDomains && !denyDomains) found.push({ kind: "links", text: link.value, detail: host });
      if (found.length >= FINDINGS_MAX) return found;
    }
  }
  return found;
}

/** E-mail addresses. */
export function findEmails(texts: string[]): Finding[] {
  return texts
    .flatMap((text) =>
      text.includes("@")
        ? findLinkLike(text, "email").map((email) => ({ kind: "emails" as const, text: email.value }))
        : [],
    )
    .slice(0, FINDINGS_MAX);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Valid phone numbers: international ones always, national ones in `defaultCountry`'s format when given. */
export function findPhones(texts: string[], { defaultCountry }: { defaultCountry?: string }): Finding[] {
  const found: Finding[] = [];
  for (const text of texts) {
    if (!MAY_HOLD_PHONE.test(text)) continue;
    const options = defaultCountry ? { defaultCountry: defaultCountry as CountryCode } : {};
    for (const match of findPhoneNumbersInText(text, options)) {
      const raw = text.slice(match.startsAt, match.endsAt);
      if (!match.number.isValid() || ISO_DATE.test(raw)) continue;
      found.push({ kind: "phones", text: raw, detail: match.number.number });
      if (found.length >= FINDINGS_MAX) return found;
    }
  }
  return found;
}

const SYMBOLS: Record<string, string> = {
  $: "USD",
  US$: "USD",
  CA$: "CAD",
  A$: "AUD",
  "€": "EUR",
  "£": "GBP",
  "¥": "JPY",
  "₹": "INR",
  "₩": "KRW",
  "₽": "RUB",
  "₺": "TRY",
  "₪": "ILS",
  "₫": "VND",
  "₦": "NGN",
};
const WORDS: Record<string, string> = { dollar: "USD", euro: "EUR", pound: "GBP", rupee: "INR", yen: "JPY" };
const CODE = "[A-Z]{3}";
const SYMBOL = "US\\$|CA\\$|A\\$|[$€£¥₹₩₽₺₪₫₦]";
const NUMBER = "\\d{1,3}(?:[,. \\u00a0\\u202f]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?";
// A number after its currency starts only where a run of digits starts (the lookbehind): tried at every digit of a
// long run, the match would cost the square of the run's length.
const WORD = "(?:[Dd]ollar|[Ee]uro|[Pp]ound|[Rr]upee|[Yy]en)s?";
const AMOUNT = new RegExp(
  `(?:(${SYMBOL}|\\b${CODE})\\s?(${NUMBER}))|(?:(?<![\\d.,])(${NUMBER})\\s?(${SYMBOL}|${CODE}\\b|${WORD}\\b))`,
  "gu",
);
/** The ISO 4217 codes the runtime knows: "FOR 600" is not an amount. */
const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

/**
 * A written amount as a number: the last `,` or `.` followed by one or two digits is the decimal mark, every other
 * separator groups thousands ("$1,200.50" 1200.5, "1.500,00 €" 1500, "1 500" 1500, "12,5" 12.5).
 */
export function parseAmount(written: string): number {
  const decimal = /[.,](\d{1,2})$/.exec(written);
  const whole = (decimal ? written.slice(0, decimal.index) : written).replace(/[^\d]/g, "");
  return Number(`${whole}.${decimal ? decimal[1] : "0"}`);
}

function currencyOf(written: string): string {
  const symbol = SYMBOLS[written];
  if (symbol) return symbol;
  return WORDS[written.toLowerCase().replace(/s$/, "")] ?? written;
}

export interface MoneyOptions {
  /** Found when an amount is strictly over this. */
  over: number;
  /** Only amounts in this ISO code count; amounts are never converted. */
  currency?: string;
}

/** Amounts with a currency symbol, code or word that are over the threshold (bare numbers are not money). */
export function findMoney(texts: string[], { over, currency }: MoneyOptions): Finding[] {
  const found: Finding[] = [];
  for (const text of texts) {
    for (const match of text.matchAll(AMOUNT)) {
      const [all, symbolBefore, numberAfter, numberBefore, symbolAfter] = match;
      const code = currencyOf((symbolBefore ?? symbolAfter ?? "").trim());
      if (!CURRENCIES.has(code) || (currency && code !== currency)) continue;
      const amount = parseAmount((numberAfter ?? numberBefore ?? "").trim());
      if (amount > over) found.push({ kind: "money", text: all.trim(), detail: `${amount} ${code}` });
      if (found.length >= FINDINGS_MAX) return found;
    }
  }
  return found;
}

// 13 to 19 digits, each group separated by at most one space or dash, not inside a longer run of digits.
const CARD = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d])/g;

/** Whether a string of digits passes the Luhn check. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Payment card numbers (13 to 19 digits, Luhn-checked), masked to their last four digits. */
export function findCards(texts: string[]): Finding[] {
  const found: Finding[] = [];
  for (const text of texts) {
    for (const match of text.matchAll(CARD)) {
      const digits = match[0].replace(/[ -]/g, "");
      if (digits.length < 13 || digits.length > 19 || !luhnValid(digits)) continue;
      found.push({ kind: "cards", text: `•••• ${digits.slice(-4)}`, detail: `${digits.length} digits` });
      if (found.length >= FINDINGS_MAX) return found;
    }
  }
  return found;
}

/** Where a compiled admin pattern matches: the first match in each text. */
export function findPattern(texts: string[], { pattern }: { pattern: RE2JS }): Finding[] {
  const found: Finding[] = [];
  for (const text of texts) {
    // test() answers yes or no without the match's bounds, several times faster than a matcher's find(): the
    // matcher runs only on a text that matches, for what it found.
    if (!pattern.test(text)) continue;
    const matcher = pattern.matcher(text);
    if (matcher.find()) found.push({ kind: "pattern", text: (matcher.group() ?? "").slice(0, 200) });
    if (found.length >= FINDINGS_MAX) break;
  }
  return found;
}
