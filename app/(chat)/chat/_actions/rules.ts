"use server";

import type { ApproverGroupValues, RulesFormValues } from "@/lib/forms/form-state";
import { dryRun, type DryRunResult } from "@/lib/policy/dry-run/dry-run";
import { deleteApproverGroup } from "@/lib/policy/rule-sets/delete-approver-group";
import { restoreRuleSet } from "@/lib/policy/rule-sets/restore-rule-set";
import { saveApproverGroup } from "@/lib/policy/rule-sets/save-approver-group";
import { parseRuleSetText } from "@/lib/policy/rule-sets/rule-set-file";
import { saveRuleSet } from "@/lib/policy/rule-sets/save-rule-set";
import type { FormReader } from "@/app/_lib/form-text";
import { formAction } from "@/app/_lib/action";

// The rules editor's actions (issue 33; app/_lib/action.ts says how every action answers): the dry run of what was
// typed, saving it as the next version, restoring an old one, making, changing or deleting a named approver group. A
// refusal (invalid YAML, a rule that fails validation, a group the rules in force could not live with or that an item
// waits for, a member) comes back in words with what was typed.

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

const readGroup = (form: FormReader) => ({
  name: form.text("name"),
  memberIds: form.texts("memberIds"),
});

/**
 * Makes a named approver group. A form for a new group must not replace one of the same slug silently: a slug in use
 * is refused beside the field, under the rules lock (the group's own form changes it).
 */
export const createApproverGroup = formAction((workspaceId: string, path: string) => ({
  path,
  read: (form): ApproverGroupValues => ({ slug: form.text("slug").trim(), ...readGroup(form) }),
  fields: ["slug", "name", "memberIds"] as const,
  run: async (actor, values: ApproverGroupValues) => {
    const saved = await saveApproverGroup(actor, { workspaceId, ...values, onlyNew: true });
    return { done: `Group ${saved.slug} made`, values: { slug: "", name: "", memberIds: [] } };
  },
}));

/** Changes a named approver group's name and exactly who is in it. */
export const editApproverGroup = formAction((workspaceId: string, slug: string, path: string) => ({
  path,
  args: { slug },
  read: (form): ApproverGroupValues => ({ slug, ...readGroup(form) }),
  fields: ["name", "memberIds"] as const,
  run: async (actor, values: ApproverGroupValues) => {
    await saveApproverGroup(actor, { workspaceId, ...values });
    return { done: `Group ${slug} saved` };
  },
}));

/** Deletes a named approver group that neither the rules in force nor a waiting item need. */
export const removeApproverGroup = formAction((workspaceId: string, slug: string, path: string) => ({
  path,
  args: { slug },
  run: async (actor) => {
    await deleteApproverGroup(actor, { workspaceId, slug });
    return { done: `Group ${slug} deleted` };
  },
}));
