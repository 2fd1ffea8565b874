import pg from "pg";
import { disconnectDb } from "@/lib/db/client";
import { selectDatabase } from "@/lib/db/url";
import { systemActor } from "@/lib/people/actor";
import { dryRun, type DryRunResult } from "@/lib/policy/dry-run/dry-run";
import { policyOverview } from "@/lib/policy/overview/policy-overview";
import { fmt } from "../lib";
import { MAIN, scaleDatabases } from "../scale/seed";
import { EXAMPLE, FIFTY } from "./rule-sets";

// npm run bench:policy (issue 33): the dry run over 100,000 of the large seed's bot messages (`npm run
// bench:seed-large` first: workspace scale-main, 1,000,000 messages, half of them bots'), in-process, through the
// domain function the rules editor, the CLI and MCP call (load, replay, no HTTP). Target: under 2 s. Two rule sets,
// interleaved over BENCH_ROUNDS rounds, medians printed: the example set (five rules: money over 500 needs
// two admins with escalation, links outside our domains blocked, VIP contacts held, quiet hours in the contact's
// zone, the billing bots held) and fifty rules (the example set behind forty-five pattern rules that never match,
// the worst case: every rule tried on every message). The range ends now and starts at the 100,000th newest bot
// message sent without approval; the held and refused attempts in it are replayed too. Before the first round the
// bench labels every 10th contact "vip" and gives every 7th a time zone (idempotent; only this bench reads them).

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);

async function main() {
  const dbs = await scaleDatabases();
  const admin = new pg.Client({ connectionString: dbs.large });
  await admin.connect();
  try {
    const [workspace] = (await admin.query("SELECT id FROM workspaces WHERE slug = $1", [MAIN])).rows as { id: string }[];
    if (!workspace) throw new Error("no scale-main workspace: run `npm run bench:seed-large` first");
    await admin.query(
      `UPDATE contacts SET labels = CASE WHEN n % 10 = 0 THEN '{vip}'::text[] ELSE '{}'::text[] END,
              time_zone = CASE WHEN n % 7 = 0 THEN 'America/New_York' END
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM contacts WHERE workspace_id = $1) x
        WHERE contacts.id = x.id`,
      [workspace.id],
    );
    const [edge] = (
      await admin.query(
        `SELECT m.created_at FROM messages m JOIN bots b ON b.id = m.sender_bot_id
          WHERE b.workspace_id = $1 AND m.draft_id IS NULL
          ORDER BY m.created_at DESC OFFSET $2 - 1 LIMIT 1`,
        [workspace.id, MESSAGES],
      )
    ).rows as { created_at: Date }[];
    if (!edge) throw new Error(`the workspace has fewer than ${MESSAGES} bot messages`);
    const from = edge.created_at;
    const to = new Date();
    await disconnectDb();
    selectDatabase(dbs.large);

    const runs: Record<"example" | "fifty", DryRunResult[]> = { example: [], fifty: [] };
    const ms: Record<"example" | "fifty" | "overview", number[]> = { example: [], fifty: [], overview: [] };
    let overview: Awaited<ReturnType<typeof policyOverview>> | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, rules] of [
        ["example", EXAMPLE],
        ["fifty", FIFTY],
      ] as const) {
        const t0 = performance.now();
        const result = await dryRun(systemActor, { workspaceId: workspace.id, rules: { rules }, from, to });
        ms[name].push(performance.now() - t0);
        runs[name].push(result);
      }
      // The admin overview page's read over the same workspace, its longest range (aggregated in the database).
      const t0 = performance.now();
      overview = await policyOverview(systemActor, { workspaceId: workspace.id, days: 30 });
      ms.overview.push(performance.now() - t0);
      console.log(
        `round ${round + 1}: example ${fmt(ms.example.at(-1)!, 0)} ms, fifty ${fmt(ms.fifty.at(-1)!, 0)} ms, overview ${fmt(ms.overview.at(-1)!, 0)} ms`,
      );
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const example = runs.example[0]!;
    const messages = example.before.sent;
    console.log(
      `\ndry run over ${example.total.toLocaleString("en-US")} attempts (${messages.toLocaleString("en-US")} messages sent without approval, ${example.before.held.toLocaleString("en-US")} held), ${fmt(example.days, 1)} days:`,
    );
    console.log(`  example set (5 rules): median ${fmt(median(ms.example), 0)} ms over ${ROUNDS} rounds`);
    console.log(`  fifty rules:           median ${fmt(median(ms.fifty), 0)} ms over ${ROUNDS} rounds`);
    console.log(`  target: under 2,000 ms for 100,000 messages`);
    const seen = overview!.perDay.reduce((n, day) => n + Object.values(day.counts).reduce((a, b) => a + b, 0), 0);
    console.log(
      `  the overview page's read (30 days, ${seen.toLocaleString("en-US")} verdicts, ${overview!.perBot.length} bots, ${overview!.waiting.total.toLocaleString("en-US")} waiting): median ${fmt(median(ms.overview), 0)} ms`,
    );
    console.log("\nthe example set's output:");
    console.log(`  before: ${counts(example.before)}`);
    console.log(`  after:  ${counts(example.after)}`);
    console.log(`  flips: ${example.flips.toLocaleString("en-US")}`);
    for (const group of example.perGroup)
      console.log(
        `  ${group.group ?? "anyone who sees the conversation"}: ${group.before} → ${group.after} held (${fmt((group.after - group.before) / example.days, 1)} more a day)`,
      );
    const topBots = [...example.perBot].sort((a, b) => b.after.held - a.after.held).slice(0, 3);
    for (const bot of topBots) console.log(`  @${bot.handle}: before ${counts(bot.before)}; after ${counts(bot.after)}`);
    for (const flip of example.sample.slice(0, 3))
      console.log(`  flip ${flip.at}: ${flip.before.outcome} → ${flip.after.outcome} by ${flip.rule?.slug} (${flip.rule?.side}): “${flip.excerpt}”`);
  } finally {
    await admin.end();
    await disconnectDb();
    if (dbs.server?.owned) await dbs.server.stop();
  }
}

const counts = (c: Record<string, number>) =>
  Object.entries(c)
    .map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`)
    .join(", ");

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
