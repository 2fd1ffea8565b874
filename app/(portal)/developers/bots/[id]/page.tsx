import type { Metadata } from "next";
import Link from "next/link";
import { currentActor } from "@/lib/auth/current-actor";
import { getManagedBot } from "@/lib/bots/list-bots";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ApiKeysCard } from "@/components/portal/api-keys-card";
import { BotHeader } from "@/components/portal/bot-header";
import { BotSettingsForm } from "@/components/portal/bot-settings-form";
import { PingPanel } from "@/components/portal/ping-panel";
import { SigningSecretsCard } from "@/components/portal/signing-secrets-card";
import { DeliveryStatusBadge, HttpStatus } from "@/components/portal/status-badges";
import { issueKey, revokeKey, rotateSecret, saveBotSettings, sendPing } from "../../_actions/bots";
import { AccessDenied } from "../../_lib/access-denied";
import { revokeActionsFor } from "@/app/_lib/revoke-actions";
import { guard } from "@/app/_lib/guard";
import { StepUpNotice } from "@/app/_lib/step-up-notice";
import { POLICY_DEFAULTS } from "@/lib/policy/defaults";

export const metadata: Metadata = { title: "Bot" };

export default async function BotPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await currentActor(`/developers/bots/${id}`);
  // The bot first: an unknown or malformed id is the 404 page before anything else is asked.
  const loaded = await guard(getManagedBot(actor, { botId: id }));
  if (!loaded.ok) return <AccessDenied error={loaded.error} />;
  const bot = loaded.value;
  const recent = await listDeliveries(actor, { botId: bot.id, limit: 5 });

  const revokeActions = revokeActionsFor(bot.keys, (keyId) => revokeKey.bind(null, bot.id, keyId));
  return (
    <>
      <BotHeader bot={bot} tab="overview" />
      <div className="mb-6 empty:hidden">
        <StepUpNotice actor={actor} workspaceId={bot.workspace.id} purpose="change" />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <BotSettingsForm
            action={saveBotSettings.bind(null, bot.id)}
            initial={{ name: bot.name, webhookUrl: bot.webhook_url ?? "", eventTypes: bot.event_types }}
          />
          <ApiKeysCard keys={bot.keys} issueAction={issueKey.bind(null, bot.id)} revokeActions={revokeActions} />
          <SigningSecretsCard secrets={bot.signing_secrets} rotateAction={rotateSecret.bind(null, bot.id)} />
        </div>
        <div className="min-w-0 space-y-6">
          <Card aria-labelledby="test-title">
            <CardHeader
              id="test-title"
              title="Test the webhook"
              description="Send a ping event to the webhook URL now and see the response."
            />
            <CardBody>
              {bot.webhook_url && (
                <p className="mb-3 truncate font-mono text-xs text-slate-600" title={bot.webhook_url}>
                  POST {bot.webhook_url}
                </p>
              )}
              <PingPanel action={sendPing.bind(null, bot.id)} webhookUrl={bot.webhook_url} />
            </CardBody>
          </Card>
          <Card aria-labelledby="recent-title">
            <CardHeader
              id="recent-title"
              title="Recent deliveries"
              actions={
                <Link
                  href={`/developers/bots/${bot.id}/deliveries`}
                  className="text-sm font-medium text-indigo-700 hover:underline"
                >
                  View all
                </Link>
              }
            />
            {recent.data.length ? (
              <ul className="divide-y divide-slate-100">
                {recent.data.map((delivery) => (
                  <li key={delivery.id}>
                    <Link
                      href={`/developers/deliveries/${delivery.id}`}
                      className="flex items-center justify-between gap-3 px-5 py-2.5 hover:bg-slate-50"
                    >
                      <span className="min-w-0">
                        <span className="block truncate font-mono text-xs text-slate-900">{delivery.event_type}</span>
                        <span className="block font-mono text-[11px] text-slate-500">{delivery.id.slice(0, 8)}…</span>
                      </span>
                      <span className="flex shrink-0 items-center gap-1.5">
                        <HttpStatus status={delivery.last_response_status} />
                        <DeliveryStatusBadge status={delivery.status} />
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState title="No deliveries yet">
                Events appear here once the bot is authorized in a conversation, or after a test ping.
              </EmptyState>
            )}
          </Card>
          <Card aria-labelledby="facts-title">
            <CardHeader id="facts-title" title="Policy" />
            <CardBody className="space-y-2 text-sm text-slate-600">
              <p>
                Messages sent or approved so far:{" "}
                <span className="font-medium text-slate-900 tabular-nums">{bot.trusted_message_count}</span>
              </p>
              <p className="text-xs text-slate-500">
                A new bot&apos;s messages are held for a person&apos;s approval until enough of them were sent or
                approved ({POLICY_DEFAULTS.newBotThreshold} by default).
              </p>
            </CardBody>
          </Card>
        </div>
      </div>
    </>
  );
}
