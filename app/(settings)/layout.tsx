import type { Metadata } from "next";
import Link from "next/link";
import { signedInPerson } from "@/lib/auth/session";
import { PortalHeader } from "@/components/portal/portal-header";

export const metadata: Metadata = { title: { default: "Settings · Relay", template: "%s · Relay Settings" } };

const SECTIONS = [
  { href: "/settings/notifications", label: "Notifications" },
  { href: "/settings/tokens", label: "Access tokens" },
  { href: "/settings/security", label: "Security" },
  { href: "/settings/data", label: "Your data" },
];

// A person's own settings. As in the portal, each page calls currentActor(itsOwnPath) to send signed-out people to
// sign in; the layout draws the chrome for the signed-in person.
export default async function SettingsLayout({ children }: { children: React.ReactNode }) {
  const me = await signedInPerson();
  if (!me) return children;
  return (
    <div className="min-h-screen">
      <PortalHeader person={me} section={{ href: "/settings/tokens", label: "Settings" }} />
      <nav aria-label="Settings" className="border-b border-slate-200 bg-white">
        <ul className="mx-auto flex max-w-6xl gap-5 px-4 text-sm sm:px-6">
          {SECTIONS.map((section) => (
            <li key={section.href}>
              <Link href={section.href} className="inline-block py-2.5 font-medium text-slate-600 hover:text-slate-900">
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
