import type { Metadata } from "next";
import { signedInPerson } from "@/lib/auth/session";
import { PortalHeader } from "@/components/portal/portal-header";

export const metadata: Metadata = { title: { default: "Developers · Relay", template: "%s · Relay Developers" } };

// Every page of the portal calls currentActor(itsOwnPath), which sends signed-out people to sign in and back to
// that page (a layout cannot know the path it renders). The layout draws the chrome for the signed-in person.
export default async function DevelopersLayout({ children }: { children: React.ReactNode }) {
  const me = await signedInPerson();
  if (!me) return children;
  return (
    <div className="min-h-screen">
      <PortalHeader person={me} />
      <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
