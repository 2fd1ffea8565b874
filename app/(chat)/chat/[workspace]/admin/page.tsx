import { AdminHeader } from "@/components/chat/admin-header";
import type { Metadata } from "next";
import Link from "next/link";
import { readingUpToNow } from "@/lib/db/replicas";
import { listPolicyLog } from "@/lib/chat/list-policy-log";
import { listWorkspaceBots } from "@/lib/chat/list-workspace-bots";
import { reasonText } from "@/lib/chat/reason-text";
import { openAdminPage } from "@/app/(chat)/chat/_lib/open-admin-page";
import { StepUpNotice } from "@/app/_lib/step-up-notice";
import {
  changeBotStatus,
  deleteWorkspaceForm,
  exportWorkspace,
  saveMessageRetention,
  savePolicySettings,
  saveTwoFactor,
} from "@/app/(chat)/chat/_actions/admin";
import { messageRetentionDays } from "@/lib/retention/message-retention";
import { MessageRetentionForm } from "@/components/chat/message-retention-form";
import { listExports } from "@/lib/privacy/request-export";
import { AskButton, ExportList } from "@/components/privacy/exports";
import { TypeToConfirmForm } from "@/components/chat/type-to-confirm-form";
import { readPolicySettings } from "@/lib/workspaces/update-policy-settings";
import { BotStatusForm } from "@/components/chat/bot-status-form";
import { PolicySettingsForm } from "@/components/chat/policy-settings-form";
import { TwoFactorForm } from "@/components/chat/two-factor-form";
import { twoFactorStanding } from "@/lib/factors/enforcement";
import { Time } from "@/components/chat/time";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { UntrustedText } from "@/components/ui/untrusted-text";

export const metadata: Metadata = { title: "Bots & policy" };

const OUTCOME: Record<string, { label: string; tone: BadgeTone }> = {
  held: { label: "Held", tone: "yellow" },
  deferred: { label: "Deferred", tone: "blue" },
  blocked: { label: "Blocked", tone: "red" },
  refused: { label: "Refused (opt-out)", tone: "red" },
};

// For workspace admins: the bots (pause, stop, resume), the policy's limits, and why bot messages were held,
// deferred or blocked.
export default async function AdminPage({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  const path = `/chat/${slug}/admin`;
  const admin = await openAdminPage({
    slug,
    path,
    title: "Bots and policy",
    ask: (name) => `Ask an admin of ${name} to pause or stop a bot.`,
  });
  if (!admin.ok) return admin.page;
  const { actor, workspace } = admin;
  const [[bots, log], settings, factors, workspaceExports, retentionDays] = await Promise.all([
    // Lists a read replica may answer, once it has replayed all the primary held now (decision 044).
    readingUpToNow(() => Promise.all([listWorkspaceBots(actor, workspace.id), listPolicyLog(actor, workspace.id)])),
    readPolicySettings(actor, workspace.id),
    twoFactorStanding({ workspaceId: workspace.id, userId: actor.userId }),
    listExports(actor, { workspaceId: workspace.id, subjectId: workspace.id }),
    messageRetentionDays(workspace.id),
  ]);

  return (
    <main id="main" className="min-h-0 flex-1 space-y-6 overflow-y-auto bg-slate-50 px-3 py-5 sm:px-6">
      <AdminHeader slug={slug} title="Bots & policy" current="admin" />
      <StepUpNotice actor={actor} workspaceId={workspace.id} purpose="change" />
      <Card aria-labelledby="bots-title">
        <CardHeader
          id="bots-title"
          title="Bots"
          description="Paused bots' messages wait for approval; stopped bots' messages are blocked."
        />
        <ul className="divide-y divide-slate-100">
          {bots.map((bot) => (
            <li
              key={bot.id}
              className="flex flex-col gap-3 px-5 py-4 md:flex-row md:items-center md:justify-between"
              data-testid="admin-bot"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 font-medium text-slate-900">
                    <UntrustedText text={bot.name} />
                  </span>
                  <span className="min-w-0 text-sm text-slate-500">
                    @<UntrustedText text={bot.handle} />
                  </span>
                  <Badge tone={bot.status === "active" ? "green" : bot.status === "paused" ? "yellow" : "red"} dot>
                    {bot.status}
                  </Badge>
                </p>
                {bot.status !== "active" && (
                  <p className="mt-1 text-xs text-slate-500">
                    {bot.status_reason ? `“${bot.status_reason}”` : "No reason given"}
                    {bot.status_changed_at && (
                      <>
                        {" · "}
                        <Time iso={bot.status_changed_at} />
                      </>
                    )}
                  </p>
                )}
              </div>
              <BotStatusForm
                status={bot.status}
                actions={{
                  active: changeBotStatus.bind(null, bot.id, "active", path),
                  paused: changeBotStatus.bind(null, bot.id, "paused", path),
                  stopped: changeBotStatus.bind(null, bot.id, "stopped", path),
                }}
              />
            </li>
          ))}
        </ul>
      </Card>

      <Card aria-labelledby="policy-title">
        <CardHeader
          id="policy-title"
          title="Policy"
          description="The limits every bot message in this workspace is checked against, besides what people choose themselves (opting out, blocking a bot, taking a conversation over)."
        />
        <PolicySettingsForm settings={settings} action={savePolicySettings.bind(null, workspace.id, path)} />
      </Card>

      <Card aria-labelledby="two-factor-title">
        <CardHeader
          id="two-factor-title"
          title="Second factors"
          description="Whether the people of this workspace need a passkey or an authenticator app, on top of their password, to decide what bots wait for."
        />
        <TwoFactorForm
          mode={factors.mode}
          stepUp={factors.stepUp}
          hasFactor={factors.hasFactor}
          action={saveTwoFactor.bind(null, workspace.id, path)}
        />
      </Card>

      <Card aria-labelledby="rules-title">
        <CardHeader
          id="rules-title"
          title="Policy rules"
          description="The workspace's own rules on top of the built-in ones: which bot may say what to whom, and who must approve. Edit them with a dry run over the last 30 days before saving; every version is kept."
        />
        <p className="px-5 pb-4">
          <Link
            href={`/chat/${slug}/admin/rules`}
            className="text-sm font-medium text-indigo-700 hover:underline"
            data-testid="rules-link"
          >
            Edit the policy rules
          </Link>
        </p>
      </Card>

      <Card aria-labelledby="log-title">
        <CardHeader
          id="log-title"
          title="Why messages did not go straight out"
          description="Newest first: held messages (and what became of them), deferrals and blocks, with the policy's reasons."
        />
        {log.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-500">Every bot message so far was sent at once.</p>
        ) : (
          <Table label="Policy decisions">
            <thead>
              <tr>
                <Th>When</Th>
                <Th>Bot</Th>
                <Th>Outcome</Th>
                <Th>Why</Th>
                <Th>Message</Th>
              </tr>
            </thead>
            <Tbody>
              {log.map((entry) => (
                <tr key={entry.id} data-testid="policy-entry">
                  <Td className="whitespace-nowrap text-xs">
                    <Time iso={entry.at} />
                  </Td>
                  <Td className="whitespace-nowrap">
                    @<UntrustedText text={entry.bot.handle} />
                  </Td>
                  <Td className="whitespace-nowrap">
                    <Badge tone={OUTCOME[entry.outcome]?.tone ?? "gray"}>
                      {OUTCOME[entry.outcome]?.label ?? entry.outcome}
                    </Badge>
                    {entry.status && entry.status !== "pending" && (
                      <span className="ml-1.5 text-xs text-slate-500">then {entry.status}</span>
                    )}
                  </Td>
                  <Td className="min-w-[14rem]">
                    <ul className="space-y-0.5 text-xs">
                      {entry.reasons.map((reason) => (
                        <li key={reason}>{reasonText(reason)}</li>
                      ))}
                    </ul>
                    {entry.ruleSetVersion !== null && (
                      <p className="mt-0.5 text-xs text-slate-500" data-testid="policy-entry-version">
                        Rules version {entry.ruleSetVersion}
                      </p>
                    )}
                  </Td>
                  <Td className="min-w-[14rem] text-xs">
                    <span className="line-clamp-2 wrap-anywhere text-slate-700">
                      {entry.excerpt !== null ? (
                        <UntrustedText text={entry.excerpt} />
                      ) : (
                        <em className="text-slate-500">not kept (it held a secret)</em>
                      )}
                    </span>
                    {entry.conversation && (
                      <Link
                        href={`/chat/${slug}/c/${entry.conversation.id}`}
                        className="text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700"
                      >
                        {entry.conversation.title ?? "Conversation"}
                      </Link>
                    )}
                  </Td>
                </tr>
              ))}
            </Tbody>
          </Table>
        )}
      </Card>
      <Card aria-labelledby="retention-title">
        <CardHeader
          id="retention-title"
          title="Message retention"
          description="How long the workspace keeps its messages. The retention job deletes older ones every 10 minutes, in small batches that never hold up sends."
        />
        <div className="px-5 py-4">
          <MessageRetentionForm days={retentionDays} action={saveMessageRetention.bind(null, workspace.id, path)} />
        </div>
      </Card>
      <Card aria-labelledby="export-title">
        <CardHeader
          id="export-title"
          title="Export the workspace"
          description="Everything Relay holds in this workspace, for a move or an audit: its people and roles, contacts and facts, bots (never their keys), policy rules, audit history, and every conversation's messages, drafts, decisions and files. An archive of JSON Lines files with a README, built in the background; the link works for you, for 7 days."
        />
        <div className="space-y-3 px-5 py-4">
          <AskButton label="Export the workspace" action={exportWorkspace.bind(null, workspace.id, path)} />
          <ExportList exports={workspaceExports} label="Exports of the workspace" />
        </div>
      </Card>
      <Card aria-labelledby="delete-title">
        <CardHeader
          id="delete-title"
          title="Delete the workspace"
          description="Everything in it, for good: its people leave it at once (an account in no other workspace is erased, yours included), its bots' keys stop working, and its conversations, contacts, files and history are erased in the background. Its bots are told to erase their copies (workspace.erased). Export it first to keep a copy."
        />
        <div className="px-5 py-4">
          <TypeToConfirmForm
            expected={workspace.slug}
            label="Type the workspace's address to confirm"
            button="Delete the workspace"
            busy="Deleting…"
            action={deleteWorkspaceForm.bind(null, workspace.id, path)}
          />
        </div>
      </Card>
    </main>
  );
}
