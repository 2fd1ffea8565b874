import type { Metadata } from "next";
import Link from "next/link";
import { describeUnsubscribe, UNSUBSCRIBE_API_PATH } from "@/lib/notifications/unsubscribe";
import { guard } from "@/app/_lib/guard";
import { StandaloneCard } from "@/components/ui/standalone-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = { title: "Turn off emails · Relay", robots: { index: false } };

// The confirmation page of an email's unsubscribe link (lib/notifications/unsubscribe.ts). Opening it changes
// nothing (mail scanners open links): its button POSTs to the one-click route, which turns email off and comes back
// here with `?done=1`. No sign-in: the signed token in the link is the permission.
export default async function UnsubscribePage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const { done } = await searchParams;
  const found = await guard(describeUnsubscribe(token));
  if (!found.ok) return <Alert tone="danger">{found.error.message}</Alert>;
  const { workspace, email, emailOn } = found.value;
  return (
    <StandaloneCard cardClassName="space-y-4">
      <h1 className="text-lg font-semibold text-slate-900">Notification emails from {workspace}</h1>
      {emailOn ? (
        <>
          <p className="text-sm text-slate-600">
            Turn off the emails Relay sends {email} about {workspace}: what waits for your decision, mentions, and
            paused or stopped bots. Browser notifications and other workspaces stay as they are.
          </p>
          <form method="post" action={`${UNSUBSCRIBE_API_PATH}${encodeURIComponent(token)}?from=page`}>
            <Button type="submit">Turn off these emails</Button>
          </form>
        </>
      ) : (
        <p role="status" className="text-sm text-slate-700" data-testid="unsubscribed">
          {done ? "Done: " : ""}
          {email} gets no notification emails about {workspace}.
        </p>
      )}
      <p className="text-xs text-slate-500">
        Change what you are told, and how, in your{" "}
        <Link href="/settings/notifications" className="underline">
          notification settings
        </Link>{" "}
        (after signing in).
      </p>
    </StandaloneCard>
  );
}
