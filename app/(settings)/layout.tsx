import type { Metadata } from "next";
import { signedInPerson } from "@/lib/auth/session";
import { PortalHeader } from "@/components/portal/portal-header";

export const metadata: Metadata = { title: { default: "Settings · Relay", template: "%s · Relay Settings" } };

// A person's own settings. As in the portal, each page calls currentActor(itsOwnPath) to send signed-out people to
// sign in; the layout draws the chrome for the signed-in person.
export default async function SettingsLayout({ children }: { children: React.ReactNode }) {
  const me = await signedInPerson();
  if (!me) return children;
  return (
    <div className="min-h-screen">
      <PortalHeader person={me} section={{ href: "/settings/tokens", label: "Settings" }} />
      <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
