import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LINK_LIFETIME_MS } from "@/lib/agents/signed-link";
import { VARIABLE_DEFAULTS } from "@/lib/env";
import {
  DRAFT_LIFETIME_DAYS,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_RETENTION_HOURS,
  MAX_BODY_BYTES,
  MESSAGE_BODY_MAX,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  TEXT_INPUT_MAX,
} from "@/lib/limits";
import { BUDGETS } from "@/lib/memory/context-pack";
import { POLICY_DEFAULTS } from "@/lib/policy/defaults";
import { ANSWER_MAX, QUESTION_MAX } from "@/lib/schemas/agent-requests";
import { RETRY_DELAYS_SECONDS } from "@/lib/webhooks/attempt-delivery";
import { DELIVERY_TIMEOUT_MS } from "@/lib/webhooks/post-webhook";
import { DEFAULT_TOLERANCE_SECONDS } from "@/sdk/verify-webhook";

// docs/api-contract.md#limits states the contract's numbers in words; the code has each in one constant. This test
// holds the two together, row by row, and the database's own defaults to the policy's.

const duration = (seconds: number) =>
  seconds % 3600 === 0 ? `${seconds / 3600} h` : seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;

/** Each row of the contract's Limits table, as the constants say it must read. */
const EXPECTED: Record<string, string> = {
  "request body": `${MAX_BODY_BYTES / 1024} KiB`,
  "message text": `${MESSAGE_BODY_MAX} characters`,
  "form text input": `${TEXT_INPUT_MAX} characters`,
  "Idempotency-Key": `${IDEMPOTENCY_KEY_MAX} characters`,
  "idempotency retention": `${IDEMPOTENCY_RETENTION_HOURS} hours`,
  "page size": `default ${PAGE_LIMIT_DEFAULT}, at most ${PAGE_LIMIT_MAX}`,
  "draft lifetime": `${DRAFT_LIFETIME_DAYS} days`,
  "link lifetime": `${LINK_LIFETIME_MS / 3_600_000} hours`,
  "webhook timestamp": `${DEFAULT_TOLERANCE_SECONDS / 60} minutes`,
  "webhook answer": `2xx within ${DELIVERY_TIMEOUT_MS / 1000} seconds`,
  "webhook retries": RETRY_DELAYS_SECONDS.map(duration).join(", "),
  "new-bot hold": `${POLICY_DEFAULTS.newBotThreshold} messages`,
  "daily limit": `${POLICY_DEFAULTS.dailyLimit} messages`,
  "request rate": `${POLICY_DEFAULTS.ratePerSecond} a second, bursts of ${POLICY_DEFAULTS.rateBurst}`,
  "question, answer": QUESTION_MAX === ANSWER_MAX ? `${QUESTION_MAX} characters` : "(they differ: give each a row)",
  "full context pack": `under ${BUDGETS.full} tokens`,
  "compact context pack": `under ${BUDGETS.compact} tokens`,
  upload: `\`ATTACHMENT_MAX_BYTES\`, ${Number(VARIABLE_DEFAULTS.ATTACHMENT_MAX_BYTES) / 1024 / 1024} MiB by default`,
};

/** The `| limit | value | applies to |` rows under docs/api-contract.md's `## Limits` heading. */
function limitsTable(markdown: string): Map<string, string> {
  const section = markdown.slice(markdown.indexOf("\n## Limits\n"));
  const rows = new Map<string, string>();
  const lines = section.split("\n");
  const header = lines.findIndex((line) => line.startsWith("| limit |"));
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    const [name, value] = line.split(" | ").map((cell) => cell.replace(/^\| /, "").trim());
    rows.set(name!, value!);
  }
  return rows;
}

describe("docs/api-contract.md#limits", () => {
  const table = limitsTable(readFileSync("docs/api-contract.md", "utf8"));

  it("has a row for every number the code enforces, and no row the code does not back", () => {
    expect([...table.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it("states each number exactly as its constant says", () => {
    expect(Object.fromEntries(table)).toEqual(EXPECTED);
  });
});

describe("the API notes of docs/guides/bot-developers.md", () => {
  it("state the same numbers (a constant changed without its notes fails here)", () => {
    const notes = readFileSync("docs/guides/bot-developers.md", "utf8").replace(/\s*\n\s*/g, " ");
    const phrases = [
      `\`body\` 1–${MESSAGE_BODY_MAX} characters`,
      `until ${POLICY_DEFAULTS.newBotThreshold} of its messages were sent or approved`,
      `${POLICY_DEFAULTS.dailyLimit} bot messages per bot per rolling 24 h`,
      `${POLICY_DEFAULTS.ratePerSecond} requests a second in bursts of ${POLICY_DEFAULTS.rateBurst}`,
      `Drafts wait ${DRAFT_LIFETIME_DAYS} days, then expire`,
      `\`Idempotency-Key\` (≤ ${IDEMPOTENCY_KEY_MAX} characters)`,
      `Scope: the bot and the key, kept ${IDEMPOTENCY_RETENTION_HOURS} h`,
      `\`limit\` 1–${PAGE_LIMIT_MAX} (default ${PAGE_LIMIT_DEFAULT})`,
      `Larger than ${MAX_BODY_BYTES / 1024} KiB: 413`,
    ];
    expect(phrases.filter((phrase) => !notes.includes(phrase))).toEqual([]);
  });
});

describe("the database's defaults of a workspace's policy settings", () => {
  it("are the policy's own (prisma/schema.prisma and the migration that made the table)", () => {
    const model = readFileSync("prisma/schema.prisma", "utf8");
    const migration = readFileSync("prisma/migrations/20261122000000_init/migration.sql", "utf8");
    expect(model).toMatch(new RegExp(`newBotThreshold\\s+Int\\s+@default\\(${POLICY_DEFAULTS.newBotThreshold}\\)`));
    expect(model).toMatch(new RegExp(`dailyLimit\\s+Int\\s+@default\\(${POLICY_DEFAULTS.dailyLimit}\\)`));
    expect(migration).toContain(`"new_bot_threshold" INTEGER NOT NULL DEFAULT ${POLICY_DEFAULTS.newBotThreshold},`);
    expect(migration).toContain(`"daily_limit" INTEGER NOT NULL DEFAULT ${POLICY_DEFAULTS.dailyLimit},`);
    // The reminder time came later (issue 18), with its own migration.
    const reminders = readFileSync("prisma/migrations/20261127090000_i18_core_notifications/migration.sql", "utf8");
    expect(model).toMatch(
      new RegExp(`approvalReminderMinutes\\s+Int\\s+@default\\(${POLICY_DEFAULTS.approvalReminderMinutes}\\)`),
    );
    expect(reminders).toContain(
      `"approval_reminder_minutes" INTEGER NOT NULL DEFAULT ${POLICY_DEFAULTS.approvalReminderMinutes};`,
    );
    // The request rate came with issue 31.
    const rate = readFileSync("prisma/migrations/20261201000000_i31_bot_request_rate/migration.sql", "utf8");
    expect(model).toMatch(new RegExp(`ratePerSecond\\s+Int\\s+@default\\(${POLICY_DEFAULTS.ratePerSecond}\\)`));
    expect(model).toMatch(new RegExp(`rateBurst\\s+Int\\s+@default\\(${POLICY_DEFAULTS.rateBurst}\\)`));
    expect(rate).toContain(`"rate_per_second" INTEGER NOT NULL DEFAULT ${POLICY_DEFAULTS.ratePerSecond},`);
    expect(rate).toContain(`"rate_burst" INTEGER NOT NULL DEFAULT ${POLICY_DEFAULTS.rateBurst};`);
  });
});
