"use client";

import { useActionState, useId, useState } from "react";
import type { FormAction, FormState, RulesFormValues } from "@/lib/forms/form-state";
import type { DryRunResult } from "@/lib/policy/dry-run/dry-run";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { VerdictChart, type ChartCounts } from "./verdict-chart";

type PreviewState = FormState<RulesFormValues, DryRunResult>;
type SaveState = FormState<RulesFormValues>;

const OUTCOMES = ["sent", "held", "deferred", "blocked", "refused"] as const;

/**
 * The workspace's rules as text (YAML or JSON, the CLI's format), checked and replayed before they are saved: "Dry
 * run" shows what the typed rules would have done to the last 30 days, and Save is offered only for the text that
 * dry run was of (change a character and it asks for another). A refusal names each rule and field, beside the
 * editor.
 */
export function RulesEditor({
  initial,
  nextVersion,
  preview,
  save,
}: {
  initial: string;
  nextVersion: number;
  preview: FormAction<RulesFormValues, DryRunResult>;
  save: FormAction<RulesFormValues>;
}) {
  const [previewed, previewAction, previewing] = useActionState<PreviewState, FormData>(preview, { n: 0 });
  const [saved, saveAction, saving] = useActionState<SaveState, FormData>(save, { n: 0 });
  const [rules, setRules] = useState(initial);
  const [reason, setReason] = useState("");
  const id = useId();
  // Which button answered last: its answer is the one shown (each action counts its own submissions).
  const [last, setLast] = useState<"preview" | "save" | null>(null);
  const latest = last === "save" ? saved : previewed;
  const error = last !== null && latest.n > 0 ? latest.error : undefined;
  // A form sends its text with CRLF line ends (and the action reads it trimmed): compared as text, not as bytes.
  const fresh = previewed.result !== undefined && sameText(previewed.values?.rules ?? "", rules);
  const busy = previewing || saving;

  return (
    <form className="space-y-4" aria-describedby={`${id}-help`}>
      <div>
        <label htmlFor={`${id}-rules`} className="text-sm font-medium text-slate-800">
          Rules (YAML or JSON), first match wins
        </label>
        <p id={`${id}-help`} className="mt-0.5 text-xs text-slate-600">
          The built-in rules always come first; these can only add holds, blocks and quiet hours. Run the dry run to see
          what they would have done to the last 30 days; then save them as version {nextVersion}.
        </p>
        <textarea
          id={`${id}-rules`}
          name="rules"
          value={rules}
          onChange={(event) => setRules(event.target.value)}
          rows={18}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/40 focus:outline-none"
          data-testid="rules-text"
        />
      </div>
      {error && (
        <div id={`${id}-error`} role="alert" data-testid="rules-error">
          <Alert tone="danger" title="These rules cannot be used">
            <ul className="list-disc space-y-0.5 pl-5">
              {issuesOf(error).map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
          </Alert>
        </div>
      )}
      <div>
        <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-800">
          Why they change
        </label>
        <input
          id={`${id}-reason`}
          name="reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/40 focus:outline-none"
          data-testid="rules-reason"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          formAction={previewAction}
          onClick={() => setLast("preview")}
          disabled={busy}
          variant="secondary"
          data-testid="rules-dry-run"
        >
          {previewing ? "Replaying…" : "Dry run"}
        </Button>
        <Button
          type="submit"
          formAction={saveAction}
          onClick={() => setLast("save")}
          disabled={busy || !fresh}
          data-testid="rules-save"
        >
          {saving ? "Saving…" : `Save as version ${nextVersion}`}
        </Button>
        <p className="text-xs text-slate-600" aria-live="polite">
          {last === "save" && saved.done
            ? saved.done
            : fresh
              ? "The dry run below is of these rules."
              : "Save is offered once a dry run of these exact rules is shown."}
        </p>
      </div>
      {previewed.result && !error && <DryRunView result={previewed.result} stale={!fresh} />}
    </form>
  );
}

const sameText = (a: string, b: string) => a.replace(/\r\n?/g, "\n").trim() === b.replace(/\r\n?/g, "\n").trim();

/** A refusal's issues, one per line: "Rule set is invalid: rules[0] (x).match: ...; rules[1] ...". */
function issuesOf(message: string): string[] {
  const colon = message.indexOf(": rules[");
  if (colon < 0) return [message];
  return message
    .slice(colon + 2)
    .split(/; (?=rules\[|and \d+ more)/)
    .map((issue) => issue.trim());
}

const sumOf = (counts: ChartCounts) => OUTCOMES.reduce((n, outcome) => n + counts[outcome], 0);

function DryRunView({ result, stale }: { result: DryRunResult; stale: boolean }) {
  const changedBots = [...result.perBot]
    .sort(
      (a, b) =>
        OUTCOMES.reduce((n, o) => n + Math.abs(b.after[o] - b.before[o]), 0) -
        OUTCOMES.reduce((n, o) => n + Math.abs(a.after[o] - a.before[o]), 0),
    )
    .slice(0, 12);
  return (
    <section
      aria-labelledby="dry-run-title"
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="dry-run"
    >
      <div>
        <h3 id="dry-run-title" className="text-sm font-semibold text-slate-900">
          Dry run: {result.total.toLocaleString("en-US")} bot messages and attempts, {result.days.toFixed(0)} days
          {stale && <span className="ml-2 font-normal text-amber-800">(of the rules as they were: run it again)</span>}
        </h3>
        <p className="text-xs text-slate-600">
          {result.flips.toLocaleString("en-US")} would be decided otherwise · replayed in {result.elapsedMs} ms · days
          on {result.timeZone}&apos;s clock
        </p>
      </div>
      <Table label="Verdicts before and after">
        <thead>
          <tr>
            <Th>Verdict</Th>
            <Th>Now</Th>
            <Th>With these rules</Th>
          </tr>
        </thead>
        <Tbody>
          {OUTCOMES.map((outcome) => (
            <tr key={outcome} data-testid={`dry-run-${outcome}`}>
              <Td>{outcome}</Td>
              <Td className="tabular-nums">{result.before[outcome].toLocaleString("en-US")}</Td>
              <Td className="tabular-nums">{result.after[outcome].toLocaleString("en-US")}</Td>
            </tr>
          ))}
          <tr>
            <Td className="font-medium">all</Td>
            <Td className="tabular-nums">{sumOf(result.before).toLocaleString("en-US")}</Td>
            <Td className="tabular-nums">{sumOf(result.after).toLocaleString("en-US")}</Td>
          </tr>
        </Tbody>
      </Table>
      {result.perGroup.length > 0 && (
        <Table label="Items to decide per approver group">
          <thead>
            <tr>
              <Th>Who decides</Th>
              <Th>Held now</Th>
              <Th>With these rules</Th>
              <Th>More a day</Th>
            </tr>
          </thead>
          <Tbody>
            {result.perGroup.map((group) => (
              <tr key={group.group ?? "anyone"} data-testid="dry-run-group">
                <Td>{group.group ?? "anyone who sees the conversation"}</Td>
                <Td className="tabular-nums">{group.before}</Td>
                <Td className="tabular-nums">{group.after}</Td>
                <Td className="tabular-nums">{((group.after - group.before) / Math.max(1, result.days)).toFixed(1)}</Td>
              </tr>
            ))}
          </Tbody>
        </Table>
      )}
      <VerdictChart
        title="Verdicts per day"
        rows={result.perDay.map((day) => ({ label: day.day, before: day.before, after: day.after }))}
        testId="dry-run-days"
      />
      <VerdictChart
        title="Verdicts per bot"
        rows={changedBots.map((bot) => ({ label: `@${bot.handle}`, before: bot.before, after: bot.after }))}
        testId="dry-run-bots"
      />
      {result.sample.length > 0 && (
        <Table label="Messages whose verdict flips">
          <thead>
            <tr>
              <Th>When</Th>
              <Th>Bot</Th>
              <Th>Verdict</Th>
              <Th>Rule</Th>
              <Th>Message</Th>
            </tr>
          </thead>
          <Tbody>
            {result.sample.map((flip) => (
              <tr key={`${flip.at}-${flip.botId}`} data-testid="dry-run-flip">
                <Td className="whitespace-nowrap text-xs">{flip.at.slice(0, 16).replace("T", " ")}</Td>
                <Td className="whitespace-nowrap">
                  @<UntrustedText text={result.bots[flip.botId]?.handle ?? "unknown"} />
                </Td>
                <Td className="whitespace-nowrap">
                  {flip.before.outcome} → {flip.after.outcome}
                </Td>
                <Td className="whitespace-nowrap text-xs">
                  {flip.rule
                    ? `${flip.rule.slug} (${flip.rule.side === "proposed" ? "now matches" : "no longer decides"})`
                    : "—"}
                </Td>
                <Td className="min-w-[14rem] text-xs">
                  {flip.excerpt !== null ? <UntrustedText text={flip.excerpt} /> : <em>not kept</em>}
                </Td>
              </tr>
            ))}
          </Tbody>
        </Table>
      )}
    </section>
  );
}
