import type { Metadata } from "next";
import { headers } from "next/headers";
import { signInPath } from "@/lib/auth/callback-url";
import { browserActor } from "@/lib/auth/current-actor";
import { signedInPerson } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { loadConsent, type ConsentRequest } from "@/lib/oauth/consent";
import { consentProblem } from "@/lib/oauth/consent-form";
import { StandaloneCard } from "@/components/ui/standalone-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { WorkspaceField } from "@/components/ui/workspace-field";
import { redirectInApp } from "@/app/_lib/redirect";
import { StepUpNotice } from "@/app/_lib/step-up-notice";
import { NameWarnings } from "@/components/ui/name-warnings";
import { UntrustedText } from "@/components/ui/untrusted-text";

export const metadata: Metadata = { title: "Connect an assistant · Relay" };

// An MCP client (an AI assistant) asks to act as the signed-in person: who it is, where the answer goes, the
// workspace it will work in and what it may do, in the product's words; Allow / Deny post to ./decision.
// An answer the decision route did not record comes back here with `?problem=<key>`, said above the form.
export default async function ConsentPage({
  params,
  searchParams,
}: {
  params: Promise<{ uid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { uid } = await params;
  const notRecorded = consentProblem((await searchParams).problem);
  const path = `/oauth/consent/${encodeURIComponent(uid)}`;
  const me = await signedInPerson();
  if (!me) redirectInApp(signInPath(path));
  // The interaction's cookie comes with the page's request: the provider reads it from a request like it.
  const request = new Request(new URL(path, env().APP_URL), { headers: await headers() });
  let consent: ConsentRequest | null = null;
  let problem: string | null = null;
  try {
    consent = await loadConsent(browserActor(me), { request, uid });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    problem = error.message;
  }

  return (
    <StandaloneCard>
      {consent ? (
        <>
          {notRecorded && (
            <Alert tone="warning" className="mb-5">
              {notRecorded}
            </Alert>
          )}
          <ConsentForm consent={consent} path={path} signedInAs={me.email} />
          <div className="mt-5 empty:hidden">
            <StepUpNotice actor={browserActor(me)} purpose="grant" />
          </div>
        </>
      ) : (
        <>
          <h1 className="text-lg font-semibold text-slate-900">Connect an assistant</h1>
          <Alert tone="warning" className="mt-4">
            {problem}
          </Alert>
        </>
      )}
    </StandaloneCard>
  );
}

function ConsentForm({ consent, path, signedInAs }: { consent: ConsentRequest; path: string; signedInAs: string }) {
  const asksWrite = consent.scopes.includes("write");
  return (
    <form method="post" action={`${path}/decision`} className="space-y-5" aria-labelledby="consent-title">
      <div>
        <h1 id="consent-title" className="text-lg font-semibold text-slate-900">
          Allow <UntrustedText text={consent.clientName} className="break-all" /> to use Relay as you?
        </h1>
        <p className="mt-1 text-sm text-slate-500">
          Signed in as {signedInAs}. If you allow, Relay sends you back to{" "}
          <strong className="font-medium break-all text-slate-700">{consent.redirectHost}</strong>.{" "}
          {consent.publishedBy ? (
            <>
              Its name and details are published by{" "}
              <strong className="font-medium break-all text-slate-700">{consent.publishedBy}</strong>.
            </>
          ) : (
            "It chose its own name when it registered: Relay cannot confirm who made it."
          )}{" "}
          Only allow assistants you trust.
        </p>
      </div>
      {consent.workspaces.length === 0 ? (
        <Alert tone="warning">
          You are not a member of any workspace yet: there is nothing an assistant could act in.
        </Alert>
      ) : (
        <WorkspaceField
          id="workspace"
          hint="The assistant works in this workspace only, with your rights there."
          required
          workspaces={consent.workspaces}
        />
      )}
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">It will be able to</legend>
        <ul className="mt-2 space-y-2 text-sm text-slate-700">
          <li>
            <strong className="font-medium">read</strong>: your conversations, contacts and what waits for your
            approval.
          </li>
          {asksWrite && (
            <li>
              <label className="flex items-start gap-2">
                <input type="checkbox" name="write" defaultChecked className="mt-0.5 size-4 rounded border-slate-300" />
                <span>
                  <strong className="font-medium">write</strong>: act as you: approve, edit and reject drafts, post
                  messages, opt out and take over conversations.
                </span>
              </label>
            </li>
          )}
        </ul>
      </fieldset>
      <p className="text-xs text-slate-500">
        Everything it does is recorded as done by you through your assistant. Disconnect it at any time in{" "}
        <span className="font-medium">Settings → Access tokens</span>: it is refused at once.
      </p>
      {/* Beside Allow, where the decision is made; the button names it too, for a screen reader on the button. */}
      <div id="consent-name-warnings">
        <NameWarnings warnings={consent.nameWarnings} title="Check this assistant's name before you allow it" />
      </div>
      <div className="flex gap-3">
        <Button
          type="submit"
          name="decision"
          value="allow"
          disabled={consent.workspaces.length === 0}
          aria-describedby={consent.nameWarnings.length ? "consent-name-warnings" : undefined}
        >
          Allow
        </Button>
        <Button type="submit" name="decision" value="deny" variant="secondary">
          Deny
        </Button>
      </div>
    </form>
  );
}
