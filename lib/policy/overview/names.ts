// How the admin overview and its metrics name what has no group or rule of its own (lib/policy/overview/policy-overview.ts,
// lib/drafts/count-decision-time.ts, lib/metrics/database-gauges.ts); a colon keeps them apart from any slug.

/** The group of an item anyone who sees the conversation may decide. */
export const ANYONE = ":anyone";
/** The "rule" of a bot's own draft (drafts always wait for a person). */
export const A_DRAFT = ":draft";
/** The "rule" of a message held by the built-in rules (a new bot, a paused one, money, a limit). */
export const BUILT_IN = ":built-in";
