"use server";

import type { RulesFormValues } from "@/lib/forms/form-state";
import { dryRun, type DryRunResult } from "@/lib/policy/dry-run/dry-run";
import { restoreRuleSet } from "@/lib/policy/rule-sets/restore-rule-set";
import { parseRuleSetText } from "@/lib/policy/rule-sets/rule-set-file";
import { saveRuleSet } from "@/lib/policy/rule-sets/save-rule-set";
import { formAction } from "@/app/_lib/action";

// The rules editor's actions (issue 33; app/_lib/action.ts says how every action answers): the dry run of what was
// typed, saving it as the next version, restoring an old one. A refusal (invalid YAML, a rule that fails validation,
// a member) comes back in words with what was typed.

const readRules = (form: { text: (name: string) => string }): RulesFormValues => ({
  rules: form.text("rules"),
  reason: form.text("reason"),
});

/** The dry run of the typed rules over the last 30 days; nothing is saved, the page is not rendered again. */
export const previewRules = formAction((workspaceId: string, path: string) => ({
  path,
  read: readRules,
  run: async (actor, values: RulesFormValues): Promise<{ result: DryRunResult; values: RulesFormValues }> => ({
    result: await dryRun(actor, { workspaceId, rules: parseRuleSetText(values.rules) }),
    values,
  }),
  refresh: false,
}));

/** Saves the typed rules as the next version, with the reason given. */
export const saveRules = formAction((workspaceId: string, path: string) => ({
  path,
  read: readRules,
  fields: ["reason"] as const,
  run: async (actor, values: RulesFormValues) => {
    const saved = await saveRuleSet(actor, {
      workspaceId,
      rules: parseRuleSetText(values.rules),
      reason: values.reason,
    });
    return { done: `Saved as version ${saved.version}`, values: { rules: values.rules, reason: "" } };
  },
}));

/** Restores an old version as the next one. */
export const restoreRules = formAction((workspaceId: string, version: number, path: string) => ({
  path,
  read: (form) => ({ reason: form.text("reason") }),
  run: async (actor, { reason }: { reason: string }) => {
    const restored = await restoreRuleSet(actor, { workspaceId, version, reason });
    return { done: `Version ${version} restored as version ${restored.version}` };
  },
}));
