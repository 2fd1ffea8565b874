import { z } from "zod";
import { dryRun } from "@/lib/policy/dry-run/dry-run";
import { getRuleSet } from "@/lib/policy/rule-sets/get-rule-set";
import { listApproverGroups } from "@/lib/policy/rule-sets/list-approver-groups";
import { listRuleSetVersions } from "@/lib/policy/rule-sets/list-rule-set-versions";
import { parseRuleSetText } from "@/lib/policy/rule-sets/rule-set-file";
import { READ } from "../inputs";
import { defineTool } from "../tool";

// The workspace's policy rules for an admin's assistant (issue 33; docs/decisions/034-policy-rules.md): read them with
// their history and approver groups, and dry-run a proposed set against the workspace's recent traffic. Saving stays
// with the admin (the chat's editor, the CLI): an assistant shows what a change would do, a person makes it. Admins
// only: a member's token gets the service's refusal as a tool error.

export const getPolicyRules = defineTool({
  name: "get_policy_rules",
  title: "Read the workspace's policy rules (admins)",
  description:
    "The workspace's custom policy rules as in force (their version, who saved them, when and why, and the rules: " +
    "which bot may say what to whom and who must approve), the newest versions of their history, and the approver " +
    "groups rules may name. Only for the workspace's admins. To try a change, use simulate_policy_rules.",
  scope: "read",
  input: {},
  untrusted: true,
  annotations: READ,
  run: async ({ actor, workspaceId }) => {
    const [current, history, groups] = await Promise.all([
      getRuleSet(actor, { workspaceId }),
      listRuleSetVersions(actor, { workspaceId, limit: 10 }),
      listApproverGroups(actor, { workspaceId }),
    ]);
    return {
      current,
      history: history.versions,
      approver_groups: groups.map((g) => ({ slug: g.slug, name: g.name, kind: g.kind, size: g.members.length })),
    };
  },
});

export const simulatePolicyRules = defineTool({
  name: "simulate_policy_rules",
  title: "Dry-run a proposed rule set (admins)",
  description:
    "Replays the workspace's bot messages and held, deferred and blocked attempts of the last 30 days (or from/to, at " +
    "most 90 days) through a proposed rule set and answers what would change: counts per verdict before and after, " +
    "per bot and per day, held items per approver group, and a sample of the messages whose verdict flips with the " +
    "rule that flipped it. Saves nothing. Give the rules as `rules` (YAML or JSON text of { rules: [...] }, the schema " +
    "get_policy_rules shows). An invalid set is refused naming each rule and field. Only for the workspace's admins.",
  scope: "read",
  input: {
    rules: z.string().min(1).max(1_000_000).describe("The proposed rule set, YAML or JSON: { rules: [...] }"),
    from: z.iso.datetime({ offset: true }).optional().describe("Start of the range (default: 30 days ago)"),
    to: z.iso.datetime({ offset: true }).optional().describe("End of the range (default: now)"),
  },
  untrusted: true,
  annotations: READ,
  run: async ({ actor, workspaceId }, { rules, from, to }) => {
    const result = await dryRun(actor, {
      workspaceId,
      rules: parseRuleSetText(rules),
      from: from ? new Date(from) : undefined,
      to: to ? new Date(to) : undefined,
      sampleSize: 20,
    });
    return result;
  },
});
