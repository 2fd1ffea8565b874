import { readFile, stat, writeFile } from "node:fs/promises";
import { ApiError } from "@/lib/errors";
import { dryRun } from "@/lib/policy/dry-run/dry-run";
import { deleteApproverGroup } from "@/lib/policy/rule-sets/delete-approver-group";
import { getRuleSet } from "@/lib/policy/rule-sets/get-rule-set";
import { listApproverGroups } from "@/lib/policy/rule-sets/list-approver-groups";
import { listRuleSetVersions } from "@/lib/policy/rule-sets/list-rule-set-versions";
import { restoreRuleSet } from "@/lib/policy/rule-sets/restore-rule-set";
import {
  parseRuleSetText,
  RULE_SET_FILE_MAX_BYTES,
  ruleSetText,
  type RuleSetFormat,
} from "@/lib/policy/rule-sets/rule-set-file";
import { saveApproverGroup } from "@/lib/policy/rule-sets/save-approver-group";
import { saveRuleSet } from "@/lib/policy/rule-sets/save-rule-set";
import { fileOp, list, M, oneOf, required, S, str, UsageError, wholeNumber, type Command } from "./command";
import { actorFrom, personByEmail, workspaceBySlug } from "./resolve";

// A workspace's policy rules from the command line (issue 33; docs/decisions/034-policy-rules.md): export and import
// as YAML or JSON (the same schema; an import that fails validation changes nothing and names the rule and field),
// the history and a restore, and `policy simulate`, the dry run of a file against the workspace's recent traffic.
// The named approver groups rules may route to: listed, made or replaced whole by the people's emails, and deleted. Admins only
// (`--as EMAIL`), or the operator.

const FORMATS = ["yaml", "json"] as const;

export const policyCommands: Record<string, Command> = {
  "policy rules export": {
    usage: "policy rules export SLUG [--version N] [--out FILE] [--format yaml|json] [--as EMAIL]",
    flags: { version: S, out: S, format: S, as: S },
    run: async (args) => {
      const ws = await workspaceBySlug(args.positionals[0], "the workspace SLUG");
      const version = wholeNumber(str(args, "version"), "--version");
      const current = await getRuleSet(await actorFrom(str(args, "as")), { workspaceId: ws.id, version });
      const rules = { rules: current?.rules.rules ?? [] };
      const out = str(args, "out");
      // Without --out, the JSON on stdout is the rule set itself: `export > rules.json` then `import` round-trips.
      if (!out) return rules;
      const format = formatOf({ flag: str(args, "format"), file: out });
      const header = current
        ? `Relay policy rules of ${ws.slug}, version ${current.version}, saved ${current.savedAt.toISOString()}: ${current.reason}`
        : `Relay policy rules of ${ws.slug}: none saved yet`;
      await fileOp(() => writeFile(out, ruleSetText(rules, { format, header }), { flag: "w" }), { label: out });
      return { file: out, format, version: current?.version ?? null, rules: rules.rules.length };
    },
  },
  "policy rules import": {
    usage: "policy rules import SLUG FILE --reason TEXT [--as EMAIL]",
    flags: { reason: S, as: S },
    run: async (args) => {
      const ws = await workspaceBySlug(args.positionals[0], "the workspace SLUG");
      const rules = parseRuleSetText(await readRuleSetFile(args.positionals[1]));
      const reason = required(str(args, "reason"), "--reason");
      const saved = await saveRuleSet(await actorFrom(str(args, "as")), { workspaceId: ws.id, rules, reason });
      return { workspace: ws.slug, ...saved, rules: (rules as { rules?: unknown[] }).rules?.length ?? 0 };
    },
  },
  "policy rules history": {
    usage: "policy rules history SLUG [--before N] [--limit N] [--as EMAIL]",
    flags: { before: S, limit: S, as: S },
    run: async (args) => {
      const ws = await workspaceBySlug(args.positionals[0], "the workspace SLUG");
      return listRuleSetVersions(await actorFrom(str(args, "as")), {
        workspaceId: ws.id,
        before: wholeNumber(str(args, "before"), "--before"),
        limit: wholeNumber(str(args, "limit"), "--limit"),
      });
    },
  },
  "policy rules restore": {
    usage: "policy rules restore SLUG VERSION --reason TEXT [--as EMAIL]",
    flags: { reason: S, as: S },
    run: async (args) => {
      const ws = await workspaceBySlug(args.positionals[0], "the workspace SLUG");
      const version = wholeNumber(args.positionals[1], "the VERSION");
      if (version === undefined) throw new UsageError("the VERSION is required");
      const reason = required(str(args, "reason"), "--reason");
      return restoreRuleSet(await actorFrom(str(args, "as")), { workspaceId: ws.id, version, reason });
    },
  },
  "policy groups list": {
    usage: "policy groups list SLUG [--as EMAIL]",
    flags: { as: S },
    run: async (args) => {
      const ws = await workspaceBySlug(args.positionals[0], "the workspace SLUG");
      return listApproverGroups(await actorFrom(str(args, "as")), { workspaceId: ws.id });
    },
  },
  "policy groups save": {
    usage: "policy groups save SLUG GROUP --name TEXT [--member EMAIL]... [--as EMAIL]",
    flags: { name: S, member: M, as: S },
    run: async (args) => {
      const ws = await workspaceBySlug(args.positionals[0], "the workspace SLUG");
      const slug = required(args.positionals[1], "the GROUP slug");
      const name = required(str(args, "name"), "--name");
      // Exactly these people, replacing whoever was in it: no --member empties the group (refused while a rule needs it).
      const members = await Promise.all(list(args, "member").map(async (email) => (await personByEmail(email)).userId));
      return saveApproverGroup(await actorFrom(str(args, "as")), { workspaceId: ws.id, slug, name, memberIds: members });
    },
  },
  "policy groups delete": {
    usage: "policy groups delete SLUG GROUP [--as EMAIL]",
    flags: { as: S },
    run: async (args) => {
      const ws = await workspaceBySlug(args.positionals[0], "the workspace SLUG");
      const slug = required(args.positionals[1], "the GROUP slug");
      // Refused while the rules in force name the group, or an item still waits for its people.
      return deleteApproverGroup(await actorFrom(str(args, "as")), { workspaceId: ws.id, slug });
    },
  },
  "policy simulate": {
    usage: "policy simulate SLUG FILE [--from ISO_TIME] [--to ISO_TIME] [--sample N] [--as EMAIL]",
    flags: { from: S, to: S, sample: S, as: S },
    run: async (args) => {
      const ws = await workspaceBySlug(args.positionals[0], "the workspace SLUG");
      const rules = parseRuleSetText(await readRuleSetFile(args.positionals[1]));
      return dryRun(await actorFrom(str(args, "as")), {
        workspaceId: ws.id,
        rules,
        from: time(str(args, "from"), "--from"),
        to: time(str(args, "to"), "--to"),
        sampleSize: wholeNumber(str(args, "sample"), "--sample"),
      });
    },
  },
};

/** YAML or JSON: --format when given, else the file's extension (.json is JSON, anything else YAML). */
function formatOf({ flag, file }: { flag: string | undefined; file: string }): RuleSetFormat {
  if (flag !== undefined) return oneOf(flag, { choices: FORMATS, what: "--format" });
  return file.toLowerCase().endsWith(".json") ? "json" : "yaml";
}

async function readRuleSetFile(file: string | undefined): Promise<string> {
  const given = required(file, "the rules FILE");
  const { size } = await fileOp(() => stat(given), { label: given });
  if (size > RULE_SET_FILE_MAX_BYTES)
    throw new ApiError("invalid_body", `${given}: a rule-set file is at most ${RULE_SET_FILE_MAX_BYTES.toLocaleString("en-US")} bytes`);
  return fileOp(() => readFile(given, "utf8"), { label: given });
}

function time(value: string | undefined, what: string): Date | undefined {
  if (value === undefined) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new UsageError(`${what} must be a time such as 2026-11-01T00:00:00Z`);
  return at;
}
