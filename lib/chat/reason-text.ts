// Policy reason codes (docs/api-contract.md#verdicts) in plain words, for people.
const TEXT: Record<string, string> = {
  new_bot: "This bot is new: its first messages wait for a person's approval",
  sensitive_money: "It mentions money or payment details",
  bot_paused: "An admin paused this bot",
  conversation_taken_over: "A person took over this conversation",
  do_not_contact: "A contact here is marked do-not-contact",
  secrets_detected: "It looks like it contains a password, key or card number",
  rate_limit_second: "The bot is sending too fast",
  rate_limit_day: "The bot reached its daily message limit",
  rate_limit_conversation: "The bot reached its limit for this conversation",
  workspace_suspended: "The workspace is suspended",
  workspace_restricted: "The workspace is restricted",
  bot_stopped: "An admin stopped this bot",
  blocked_by_participant: "A participant blocked this bot here",
  opted_out: "A participant opted out of bot messages",
  approval_required: "The trusted connection asks a person to approve each request",
};

export function reasonText(code: string): string {
  if (code.startsWith("rule:")) return `The workspace's rule “${code.slice(5)}”`;
  return TEXT[code] ?? code.replaceAll("_", " ");
}
