import { RE2JS } from "re2js";
import { parse as parseDomain } from "tldts";
import { isSupportedCountry } from "libphonenumber-js";
import { z } from "zod";
import { WEEKDAYS, isTimeZone } from "./zoned-time";

// A workspace's custom policy rules as data (issue 33; docs/decisions/034-policy-rules.md): the shape an admin
// writes, the CLI imports and the rules editor edits, validated here once and compiled by ./compile.ts. Every object
// is strict, so a misspelt field is refused rather than silently ignored: a rule that reads "holdd" must not pass as
// a rule that holds nothing. Validation answers every issue at once, each naming the rule (its index and slug) and
// the field, because an import that fails changes nothing and the admin must be able to fix it in one go.

export const RULE_SET_MAX_RULES = 200;
export const PATTERN_MAX_LENGTH = 1000;
export const APPROVALS_MAX = 10;
export const ESCALATE_MAX_MINUTES = 7 * 24 * 60;
/** The card block types of the bot API (lib/schemas/blocks.ts). */
export const BLOCK_TYPES = ["approval_card", "form_card", "status_block"] as const;

const Slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single dashes (e.g. vip-hold)")
  .max(64, "must be at most 64 characters");

/** An approver group: `role:admin`, `role:member` (a workspace role), or a named group's slug. */
const GroupName = z
  .string()
  .regex(/^(?:role:)?[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be role:<role> or a group's slug (e.g. finance)")
  .max(64);

const NonEmptyNames = (what: string) =>
  z
    .array(z.string().trim().min(1, `each ${what} must be a non-empty string`).max(200))
    .min(1, `must list at least one ${what}, or be left out`)
    .max(100);

/** A domain as written in an allow or deny list: `example.com`, `docs.example.com` or `*.example.com`. */
const DomainName = z
  .string()
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/^\*\./, "").replace(/\.$/, ""))
  .refine((d) => {
    const parsed = parseDomain(d);
    return parsed.hostname === d && parsed.domain !== null && !parsed.isIp;
  }, "must be a domain name such as example.com");

const Domains = z.array(DomainName).min(1, "must list at least one domain, or be left out").max(500);

const Clock = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, "must be a time HH:MM between 00:00 and 24:00");

export const ContentMatcher = z.discriminatedUnion("kind", [
  /** Links and bare domains. Found: every link when neither list is given; else a link on a denied domain or off
   *  the allowed ones. A domain covers its subdomains. */
  z.strictObject({ kind: z.literal("links"), allowDomains: Domains.optional(), denyDomains: Domains.optional() }),
  /** E-mail addresses. */
  z.strictObject({ kind: z.literal("emails") }),
  /** Phone numbers (libphonenumber-js). International numbers always; national ones in `defaultCountry`'s format. */
  z.strictObject({
    kind: z.literal("phones"),
    defaultCountry: z
      .string()
      .refine((c) => isSupportedCountry(c), "must be a two-letter country code such as US or DE")
      .optional(),
  }),
  /** An amount of money strictly over `over`, with a currency symbol or code; in `currency` only when given. */
  z.strictObject({
    kind: z.literal("money"),
    over: z.number().min(0, "must be zero or more").finite(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "must be a three-letter currency code such as EUR")
      .optional(),
  }),
  /** Payment card numbers: 13 to 19 digits, spaces or dashes allowed, passing the Luhn check. */
  z.strictObject({ kind: z.literal("cards") }),
  /** At least `atLeast` attachments (1 when left out). */
  z.strictObject({ kind: z.literal("attachments"), atLeast: z.number().int().min(1).max(100).optional() }),
  /** A card block of the given type. */
  z.strictObject({ kind: z.literal("blocks"), type: z.enum(BLOCK_TYPES) }),
  /** An admin's pattern, RE2 syntax, run in linear time (re2js): no lookaround, no backreferences. */
  z.strictObject({
    kind: z.literal("pattern"),
    pattern: z
      .string()
      .min(1, "must not be empty")
      .max(PATTERN_MAX_LENGTH, `must be at most ${PATTERN_MAX_LENGTH} characters`)
      .superRefine((pattern, ctx) => {
        const problem = patternProblem(pattern);
        if (problem) ctx.addIssue({ code: "custom", message: `is not a valid pattern: ${problem}` });
      }),
    caseInsensitive: z.boolean().optional(),
  }),
]);

/**
 * When the rule applies, on the wall clock of `timeZone`: an IANA zone, `contact` (the contact's, else the
 * workspace's) or `workspace`. From `start` (inclusive) to `end` (exclusive) on each of `days` (every day when left
 * out); an `end` at or before `start` runs past midnight into the next day, and `days` names the day it starts on.
 */
export const RuleWindow = z
  .strictObject({
    days: z.array(z.enum(WEEKDAYS)).max(7).optional(),
    start: Clock,
    end: Clock,
    timeZone: z.union([
      z.literal("contact"),
      z.literal("workspace"),
      z.string().refine(isTimeZone, "must be contact, workspace or an IANA time zone such as Europe/Berlin"),
    ]),
  })
  .superRefine((window, ctx) => {
    if (window.days && window.days.length === 0)
      ctx.addIssue({ code: "custom", path: ["days"], message: "names no day: the window never opens" });
    if (window.start === window.end)
      ctx.addIssue({ code: "custom", path: ["end"], message: "is the same as start: the window never opens" });
    if (window.start === "24:00")
      ctx.addIssue({ code: "custom", path: ["start"], message: "must be before 24:00: the window never opens" });
  });

export const RuleMatch = z.strictObject(
  {
    /** Any of these bots, by id or handle. */
    bots: NonEmptyNames("bot").optional(),
    /** The conversation carries any of these labels. */
    conversationLabels: NonEmptyNames("label").optional(),
    /** The conversation's contact carries any of these labels. */
    contactLabels: NonEmptyNames("label").optional(),
    contactSensitivity: z.enum(["normal", "high"]).optional(),
    /** Any of these matchers finds something in the message. */
    content: z.array(ContentMatcher).min(1, "must list at least one matcher, or be left out").max(20).optional(),
    window: RuleWindow.optional(),
  },
  { error: (issue) => (issue.input === undefined ? "is required: write {} to match every message" : undefined) },
);

const Escalation = z.strictObject({
  afterMinutes: z.number().int().min(1).max(ESCALATE_MAX_MINUTES, `must be at most ${ESCALATE_MAX_MINUTES} (a week)`),
  group: GroupName,
});

/** Exactly one of its four fields: hold for approval, block, defer until the rule's window ends, or allow. */
export const RuleOutcome = z
  .strictObject({
    hold: z
      .strictObject({
        group: GroupName,
        approvals: z.number().int().min(1, "must be at least 1").max(APPROVALS_MAX, `must be at most ${APPROVALS_MAX}`),
        escalate: Escalation.optional(),
        /** Approving needs a fresh passkey or authenticator check (within 5 minutes): step-up (issue 34). */
        stepUp: z.boolean().optional(),
      })
      .optional(),
    block: z.strictObject({ reason: z.string().trim().min(1, "must say why").max(500) }).optional(),
    defer: z.strictObject({ until: z.literal("window-end") }).optional(),
    allow: z.literal(true).optional(),
  })
  .superRefine((outcome, ctx) => {
    const given = Object.keys(outcome).filter((key) => outcome[key as keyof typeof outcome] !== undefined);
    if (given.length !== 1)
      ctx.addIssue({
        code: "custom",
        message: `must be exactly one of hold, block, defer or allow (${given.length === 0 ? "none" : given.join(", ")} given)`,
      });
  });

export const Rule = z
  .strictObject({
    slug: Slug,
    description: z.string().max(1000).optional(),
    match: RuleMatch,
    outcome: RuleOutcome,
  })
  .superRefine((rule, ctx) => {
    if (rule.outcome.defer && !rule.match.window)
      ctx.addIssue({
        code: "custom",
        path: ["outcome", "defer"],
        message: "needs match.window: a deferral lasts until the window ends",
      });
  });

export const RuleSet = z.strictObject({
  rules: z.array(Rule).max(RULE_SET_MAX_RULES, `must hold at most ${RULE_SET_MAX_RULES} rules`),
});

export type ContentMatcher = z.output<typeof ContentMatcher>;
export type RuleWindow = z.output<typeof RuleWindow>;
export type RuleMatch = z.output<typeof RuleMatch>;
export type RuleOutcome = z.output<typeof RuleOutcome>;
export type Rule = z.output<typeof Rule>;
export type RuleSet = z.output<typeof RuleSet>;

/** Why RE2 refuses `pattern`, or null when it compiles; what RE2 leaves out on purpose is named as such. */
export function patternProblem(pattern: string): string | null {
  try {
    RE2JS.compile(pattern);
    return null;
  } catch (error) {
    if (/\(\?<?[=!]/.test(pattern)) return "lookahead and lookbehind are not supported (patterns run in linear time)";
    if (/\\[1-9]/.test(pattern)) return "backreferences are not supported (patterns run in linear time)";
    return (error as Error).message.replace(/^error parsing regexp: /, "");
  }
}
