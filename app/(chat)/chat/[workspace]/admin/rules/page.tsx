import { AdminHeader } from "@/components/chat/admin-header";
import type { Metadata } from "next";
import { getRuleSet } from "@/lib/policy/rule-sets/get-rule-set";
import { listApproverGroups } from "@/lib/policy/rule-sets/list-approver-groups";
import { ruleSetHistory } from "@/lib/policy/rule-sets/rule-set-history";
import { ruleSetText } from "@/lib/policy/rule-sets/rule-set-file";
import { openAdminPage } from "@/app/(chat)/chat/_lib/open-admin-page";
import { StepUpNotice } from "@/app/_lib/step-up-notice";
import {
  createApproverGroup,
  editApproverGroup,
  previewRules,
  removeApproverGroup,
  restoreRules,
  saveRules,
} from "@/app/(chat)/chat/_actions/rules";
import { ActionButton } from "@/components/chat/action-button";
import { ApproverGroupForm } from "@/components/policy/approver-group-form";
import { RulesEditor } from "@/components/policy/rules-editor";
import { RestoreVersionForm } from "@/components/policy/restore-version-form";
import { Time } from "@/components/chat/time";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { UntrustedText } from "@/components/ui/untrusted-text";

export const metadata: Metadata = { title: "Policy rules" };

/** What the editor opens with when the workspace has no rules yet: the examples, to change. */
const STARTER = `# Relay policy rules: the first rule that matches decides; the built-in rules always come first.
# Groups: role:admin, role:member, or a named approver group's slug.
rules:
  - slug: vip-held
    description: Messages to contacts marked VIP are always held
    match: { contactLabels: [vip] }
    outcome:
      hold: { group: "role:admin", approvals: 1 }
`;

// For workspace admins: the custom policy rules (issue 33; docs/decisions/034-policy-rules.md), edited as text with
// a dry run before saving, the approver groups a hold may name (the named ones made, changed and deleted here), and the
// rules' history with each version's changes and a restore.
export default async function RulesPage({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  const path = `/chat/${slug}/admin/rules`;
  const admin = await openAdminPage({
    slug,
    path,
    title: "Policy rules",
    ask: (name) => `The rules say what is watched for; ask an admin of ${name}.`,
  });
  if (!admin.ok) return admin.page;
  const { actor, workspace } = admin;
  const [current, history, groups] = await Promise.all([
    getRuleSet(actor, { workspaceId: workspace.id }),
    ruleSetHistory(actor, { workspaceId: workspace.id }),
    listApproverGroups(actor, { workspaceId: workspace.id }),
  ]);
  // Everyone in the workspace, whom a named group may hold: the members of role:member.
  const people = groups.find((group) => group.slug === "role:member")?.members ?? [];
  const text = current
    ? ruleSetText({ rules: current.rules.rules }, { format: "yaml", header: `Version ${current.version}: ${current.reason}` })
    : STARTER;

  return (
    <main id="main" className="min-h-0 flex-1 space-y-6 overflow-y-auto bg-slate-50 px-3 py-5 sm:px-6">
      <AdminHeader slug={slug} title="Policy rules" current="rules" />
      <StepUpNotice actor={actor} workspaceId={workspace.id} purpose="change" />
      <Card aria-labelledby="editor-title">
        <CardHeader
          id="editor-title"
          title={current ? `Rules in force: version ${current.version}` : "No rules yet"}
          description="Which bot may say what to whom, and who must approve. Links, e-mails, phones, amounts, card numbers, block types and patterns; labels, sensitivity and hours on the contact's clock."
        />
        <CardBody>
          <RulesEditor
            initial={text}
            nextVersion={(current?.version ?? 0) + 1}
            preview={previewRules.bind(null, workspace.id, path)}
            save={saveRules.bind(null, workspace.id, path)}
          />
        </CardBody>
      </Card>

      <Card aria-labelledby="groups-title">
        <CardHeader
          id="groups-title"
          title="Approver groups"
          description="What a rule's hold may name: the two roles, or a named group by its slug."
        />
        <ul className="divide-y divide-slate-100 text-sm">
          {groups.map((group) => (
            <li key={group.slug} className="space-y-2 px-5 py-2.5" data-testid="approver-group">
              <p>
                <code className="font-mono text-xs">{group.slug}</code> · <UntrustedText text={group.name} /> ·{" "}
                {group.members.length} {group.members.length === 1 ? "person" : "people"}
              </p>
              {group.kind === "named" && (
                <details>
                  <summary className="w-fit cursor-pointer rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
                    Change <span className="sr-only">{group.slug}</span>
                  </summary>
                  <div className="mt-3">
                    <ApproverGroupForm
                      group={{ slug: group.slug, name: group.name, memberIds: group.members.map((m) => m.userId) }}
                      people={people}
                      action={editApproverGroup.bind(null, workspace.id, group.slug, path)}
                    />
                    <ActionButton
                      action={removeApproverGroup.bind(null, workspace.id, group.slug, path)}
                      variant="danger-ghost"
                      confirm={`Delete the approver group ${group.slug}?`}
                      className="mt-3"
                    >
                      Delete {group.slug}
                    </ActionButton>
                  </div>
                </details>
              )}
            </li>
          ))}
        </ul>
        <section aria-labelledby="new-group-title" className="border-t border-slate-200 px-5 py-4">
          <h3 id="new-group-title" className="mb-3 text-sm font-semibold text-slate-900">
            New group
          </h3>
          <ApproverGroupForm people={people} action={createApproverGroup.bind(null, workspace.id, path)} />
        </section>
      </Card>

      <Card aria-labelledby="history-title">
        <CardHeader id="history-title" title="History" description="Every saved version, newest first; a restore is a new version." />
        {history.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-500">No version saved yet.</p>
        ) : (
          <ol className="divide-y divide-slate-100">
            {history.map((entry) => (
              <li key={entry.version} className="space-y-1.5 px-5 py-4" data-testid="rules-version">
                <p className="text-sm text-slate-900">
                  <span className="font-semibold">Version {entry.version}</span>
                  {entry.restoredFromVersion && <span> (restored from version {entry.restoredFromVersion})</span>} ·{" "}
                  {entry.savedBy ? <UntrustedText text={entry.savedBy.name ?? "a former member"} /> : "the operator"} ·{" "}
                  <Time iso={entry.savedAt.toISOString()} />
                </p>
                <p className="text-sm text-slate-700">
                  “<UntrustedText text={entry.reason} />”
                </p>
                <p className="text-xs text-slate-600">{diffText(entry.diff)}</p>
                {entry.version !== current?.version && (
                  <RestoreVersionForm
                    version={entry.version}
                    action={restoreRules.bind(null, workspace.id, entry.version, path)}
                  />
                )}
              </li>
            ))}
          </ol>
        )}
      </Card>
    </main>
  );
}

function diffText(diff: { added: { slug: string }[]; removed: { slug: string }[]; changed: { slug: string; fields: string[] }[]; moved: { slug: string }[] }) {
  const parts = [
    ...diff.added.map((r) => `added ${r.slug}`),
    ...diff.removed.map((r) => `removed ${r.slug}`),
    ...diff.changed.map((r) => `changed ${r.slug} (${r.fields.join(", ")})`),
    ...diff.moved.map((r) => `moved ${r.slug}`),
  ];
  return parts.length > 0 ? parts.join(" · ") : "no change to the rules";
}
