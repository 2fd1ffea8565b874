import type { Metadata } from "next";
import { FullPageMessage } from "@/components/portal/full-page-message";
import { ButtonLink } from "@/components/ui/button";

export const metadata: Metadata = { title: "Not found · Relay" };

// Any address the app does not know (the developer portal has its own, inside its chrome).
export default function NotFound() {
  return (
    <FullPageMessage
      title="Page not found"
      actions={
        <>
          <ButtonLink href="/chat">Open your chat</ButtonLink>
          <ButtonLink href="/developers" variant="secondary">
            Developer portal
          </ButtonLink>
        </>
      }
    >
      Nothing lives at this address. It may have been mistyped, or what it showed was removed.
    </FullPageMessage>
  );
}
