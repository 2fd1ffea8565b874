"use client";

import { FullPageMessage } from "@/components/portal/full-page-message";
import { Button, ButtonLink } from "@/components/ui/button";

// A page that failed on the server or in the browser: say so plainly, offer to try again. Nothing the person typed
// on other pages is affected; the server logged the error with the reference shown here.
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <FullPageMessage
      title="Something went wrong"
      actions={
        <>
          <Button onClick={reset}>Try again</Button>
          <ButtonLink href="/chat" variant="secondary">
            Open your chat
          </ButtonLink>
        </>
      }
    >
      This page could not be shown. Trying again usually works; if it keeps failing, tell your workspace admin
      {error.digest ? (
        <>
          {" "}
          the reference <code className="font-mono text-slate-800">{error.digest}</code>
        </>
      ) : null}
      .
    </FullPageMessage>
  );
}
