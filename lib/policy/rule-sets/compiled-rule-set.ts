import { sql as pooled, type Sql } from "@/lib/db/sql";
import { listening, subscribe } from "@/lib/db/listener";
import { processSingleton } from "@/lib/process-singleton";
import { compileRuleSet } from "@/lib/policy/custom/compile";
import { evaluateRules } from "@/lib/policy/custom/evaluate-rules";
import { RuleSet } from "@/lib/policy/custom/rule-set";
import type { RuleInput, RuleVerdict } from "@/lib/policy/custom/types";
import { currentVersion } from "./current-version";

// A workspace's current rules, compiled once per version and kept per process (issue 33 item 6; decision 034), so a
// send pays for matching only. A save NOTIFYs `relay_policy_rules` with the workspace's id in the transaction that
// stores the version (./store-version.ts); every process hears it through its one LISTEN connection
// (lib/db/listener.ts) when that commits, and forgets the workspace's entry, so the next send compiles the new
// version: a save reaches every process in the time a notification takes, well within the promised second. While
// the LISTEN connection is down nothing can be heard, so an entry is trusted for one second only (RULES_TRUST_MS) and
// the promise holds all the same. A load that started before a notification is not kept after it (the entry it
// would fill was forgotten), so an old version never outlives the save that replaced it.

export const RULE_SET_CHANNEL = "relay_policy_rules";
/** How long an entry is trusted without a LISTEN connection: the promise that a save reaches every process in 1 s. */
export const RULES_TRUST_MS = 1000;

/** The workspace's current rules, ready to run. */
export interface CompiledRules {
  /** The version compiled, or null when the workspace has saved no rules (then nothing matches). */
  version: number | null;
  /** The first matching rule's verdict, or null when none matches (lib/policy/custom/evaluate-rules.ts). */
  evaluate: (input: RuleInput) => RuleVerdict | null;
}

interface Entry {
  rules: Promise<CompiledRules>;
  /** When it was loaded while not listening (trusted RULES_TRUST_MS), or null when a notification would evict it. */
  unheardSince: number | null;
}

const cache = processSingleton("__relayCompiledRules", () => new Map<string, Entry>());
const onSaved = (workspaceId: string) => void cache.delete(workspaceId);
const onReset = () => cache.clear();

/** Subscribes on every use (cheap once listening; lib/db/listener.ts), and reconnects the connection when it is down. */
const start = () => subscribe(RULE_SET_CHANNEL, { handler: onSaved, onReset });

export interface CompiledRuleSetOptions {
  /** Where to read a version not cached yet: the caller's transaction, else the pool. */
  sql?: Sql;
}

/** The workspace's current rule set, compiled once per version and process; another process's save is seen within 1 s. */
export async function compiledRuleSet(
  workspaceId: string,
  { sql }: CompiledRuleSetOptions = {},
): Promise<CompiledRules> {
  await start();
  const heard = listening();
  const hit = cache.get(workspaceId);
  if (hit && (hit.unheardSince === null ? heard : Date.now() - hit.unheardSince < RULES_TRUST_MS)) return hit.rules;

  const rules = load(sql ?? pooled(), workspaceId);
  const entry: Entry = { rules, unheardSince: heard ? null : Date.now() };
  cache.set(workspaceId, entry);
  rules.catch(() => {
    if (cache.get(workspaceId) === entry) cache.delete(workspaceId);
  });
  return rules;
}

/** Forgets this process's compiled rules of the workspace at once (the saving process, before its NOTIFY arrives). */
export function forgetCompiledRuleSet(workspaceId: string): void {
  cache.delete(workspaceId);
}

const NONE: CompiledRules = { version: null, evaluate: () => null };

async function load(sql: Sql, workspaceId: string): Promise<CompiledRules> {
  const current = await currentVersion(sql, workspaceId);
  if (!current) return NONE;
  // Stored only after validateRuleSet passed; parsed again so a stored set is never run in a shape it lacks.
  const compiled = compileRuleSet(RuleSet.parse(current.rules));
  return { version: current.version, evaluate: (input) => evaluateRules(compiled, input) };
}
