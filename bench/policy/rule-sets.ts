// Rule sets the benchmarks replay and send under (bench/policy/run.ts, bench/send-message/run.ts).

/** The example set: five rules. */
export const EXAMPLE = [
  {
    slug: "billing-over-500",
    description: "The billing bots' amounts over 500 need two admins; tell the admins after an hour",
    match: { bots: ["scale-main-bot-1", "scale-main-bot-2"], content: [{ kind: "money", over: 500 }] },
    outcome: { hold: { group: "role:admin", approvals: 2, escalate: { afterMinutes: 60, group: "role:admin" } } },
  },
  {
    slug: "own-domains",
    match: { content: [{ kind: "links", allowDomains: ["example.com", "relay.test"] }] },
    outcome: { block: { reason: "Links outside our own domains" } },
  },
  { slug: "vip", match: { contactLabels: ["vip"] }, outcome: { hold: { group: "role:admin", approvals: 1 } } },
  {
    slug: "quiet-hours",
    match: { window: { start: "21:00", end: "08:00", timeZone: "contact" } },
    outcome: { defer: { until: "window-end" } },
  },
  {
    slug: "card-numbers",
    match: { content: [{ kind: "cards" }] },
    outcome: { block: { reason: "No card numbers" } },
  },
];
/** Fifty rules, the example set behind forty-five admin patterns that never match: every rule tried. */
export const FIFTY = [
  ...Array.from({ length: 45 }, (_, i) => ({
    slug: `never-${i}`,
    match: { content: [{ kind: "pattern", pattern: `\\bzz${i}q[0-9]{4}x\\b` }] },
    outcome: { block: { reason: "never" } },
  })),
  ...EXAMPLE,
];


/**
 * Fifty rules that hold back nothing the send benchmark sends ("bench message"), of every kind, so every one of them
 * is tried on every send: patterns, links, e-mails, phones, amounts, cards, block types, labels and bots that are not
 * the bench's, and a window that never covers it (a day of the week the rule names only when it is not today).
 */
export const FIFTY_QUIET = Array.from({ length: 50 }, (_, i) => {
  const kinds = [
    { content: [{ kind: "pattern", pattern: `\\bzz${i}q[0-9]{4}x\\b`, caseInsensitive: true }] },
    { content: [{ kind: "links", denyDomains: [`evil-${i}.example`] }] },
    { content: [{ kind: "emails" }] },
    { content: [{ kind: "phones", defaultCountry: "US" }] },
    { content: [{ kind: "money", over: 1_000_000 + i }] },
    { content: [{ kind: "cards" }] },
    { content: [{ kind: "blocks", type: "form_card" }] },
    { contactLabels: [`label-${i}`] },
    { bots: [`someone-else-${i}`] },
    { conversationLabels: [`legal-${i}`], content: [{ kind: "money", over: 0 }] },
  ];
  return {
    slug: `quiet-${i}`,
    match: kinds[i % kinds.length],
    outcome: i % 2 === 0 ? { block: { reason: "never" } } : { hold: { group: "role:admin", approvals: 1 } },
  };
});
