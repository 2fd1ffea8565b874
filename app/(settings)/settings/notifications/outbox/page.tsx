import type { Metadata } from "next";
import Link from "next/link";
import { currentActor } from "@/lib/auth/current-actor";
import { listOutbox } from "@/lib/notifications/list-outbox";
import { Time } from "@/components/chat/time";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { UntrustedText } from "@/components/ui/untrusted-text";

export const metadata: Metadata = { title: "Outbox" };

/** A path of this app (what the outbox keeps for each item); anything else is shown without a link. */
const isAppPath = (path: string) => path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");

// The person's notification emails that this deployment kept instead of sending (no SMTP_URL): newest first, each
// with the links it carried. Only their own.
export default async function OutboxPage() {
  const actor = await currentActor("/settings/notifications/outbox");
  const { smtp, emails } = await listOutbox(actor);
  return (
    <>
      <PageHeader
        title="Outbox"
        breadcrumbs={[{ href: "/settings/notifications", label: "Notifications" }]}
        description="Emails Relay would have sent you. No mail server is configured on this deployment, so they are kept here instead."
      />
      {smtp && (
        <Alert tone="info">
          A mail server is configured now: new emails go to your address. These were kept before.
        </Alert>
      )}
      {emails.length === 0 ? (
        <Card>
          <EmptyState title="No emails yet">
            When a bot&apos;s message waits for your approval, the email that tells you shows here within seconds.
          </EmptyState>
        </Card>
      ) : (
        <ol className="space-y-4" data-testid="outbox">
          {emails.map((email) => (
            <li key={email.id}>
              <Card aria-labelledby={`email-${email.id}`}>
                <div className="border-b border-slate-200 px-5 py-4">
                  <h2 id={`email-${email.id}`} className="font-semibold text-slate-900">
                    <UntrustedText text={email.subject} />
                  </h2>
                  <p className="mt-1 text-xs text-slate-500">
                    To {email.to} ·{" "}
                    {email.workspace ? <UntrustedText text={email.workspace.name} /> : "Your account"} ·{" "}
                    <Time iso={email.created_at} />
                  </p>
                </div>
                <ul className="divide-y divide-slate-100" data-testid="outbox-items">
                  {email.items.map((item, i) => (
                    <li key={i} className="px-5 py-3">
                      <p className="text-sm font-medium text-slate-900">
                        <UntrustedText text={item.title} />
                      </p>
                      {item.body && (
                        <p className="mt-1 text-sm text-slate-600">
                          <UntrustedText text={item.body} />
                        </p>
                      )}
                      {isAppPath(item.path) && (
                        <Link
                          href={item.path}
                          className="mt-1 inline-block text-sm font-medium text-indigo-600 hover:underline"
                        >
                          Open
                        </Link>
                      )}
                    </li>
                  ))}
                </ul>
                <details className="border-t border-slate-200 px-5 py-3 text-sm">
                  <summary className="cursor-pointer text-slate-600">The email as sent (plain text)</summary>
                  <pre className="mt-2 overflow-x-auto whitespace-pre-wrap text-xs text-slate-700">{email.text}</pre>
                </details>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
