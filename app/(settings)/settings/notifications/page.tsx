import type { Metadata } from "next";
import Link from "next/link";
import { currentActor } from "@/lib/auth/current-actor";
import { env } from "@/lib/env";
import { listNotificationSettings } from "@/lib/notifications/settings";
import { OUTBOX_PATH } from "@/lib/notifications/email/send-email";
import { db } from "@/lib/db/client";
import { Alert } from "@/components/ui/alert";
import { Card, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { NotificationSettingsForm } from "@/components/settings/notification-settings-form";
import { saveNotificationSettings } from "../_actions";

export const metadata: Metadata = { title: "Notifications" };

const TIME_ZONES = ["UTC", ...Intl.supportedValuesOf("timeZone")];

// How a person is told, per workspace, that something waits for their decision (lib/notifications/): by email, by
// browser notification, both or neither; quiet hours in their time zone. Without a mail server, emails wait in the
// person's outbox, linked here.
export default async function NotificationsPage() {
  const actor = await currentActor("/settings/notifications");
  const [workspaces, saved] = await Promise.all([
    listNotificationSettings(actor),
    db().notificationSettings.findMany({ where: { userId: actor.userId }, select: { workspaceId: true } }),
  ]);
  const savedIn = new Set(saved.map((s) => s.workspaceId));
  const smtp = Boolean(env().SMTP_URL);
  return (
    <>
      <PageHeader
        title="Notifications"
        description="Relay tells you when something waits for your decision (a held message or a draft in your conversations, a bot-to-bot request you may approve, a fact about one of your contacts), when someone @-mentions you, and when an admin pauses or stops a bot you look after. Everything new is gathered: at most one email every 5 minutes, one browser notification every 15 seconds. A reminder follows if an approval still waits."
      />
      <div className="space-y-6">
        {smtp ? (
          <Alert tone="info">Emails are sent to your address by this deployment&apos;s mail server.</Alert>
        ) : (
          <Alert tone="info" title="No mail server is configured here">
            Your notification emails wait in{" "}
            <Link href={OUTBOX_PATH} className="font-medium underline">
              your outbox
            </Link>
            , on this page&apos;s server, until an operator sets <code>SMTP_URL</code>.
          </Alert>
        )}
        {workspaces.map(({ workspace, settings }) => (
          <Card key={workspace.id} aria-labelledby={`ws-${workspace.id}`}>
            <CardHeader id={`ws-${workspace.id}`} title={workspace.name} description={`/chat/${workspace.slug}`} />
            <NotificationSettingsForm
              idPrefix={`ws-${workspace.id}`}
              settings={settings}
              saved={savedIn.has(workspace.id)}
              timeZones={TIME_ZONES}
              action={saveNotificationSettings.bind(null, workspace.id)}
            />
          </Card>
        ))}
      </div>
    </>
  );
}
