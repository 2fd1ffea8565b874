import Link from "next/link";
import type { SignedInPerson } from "@/lib/auth/session";
import { PortalNav } from "./portal-nav";
import { RelayMark } from "./relay-mark";
import { SignOutButton } from "./sign-out-button";

/** The portal's header; the person's settings reuse it (`section`), without the portal's tabs. */
export function PortalHeader({
  person,
  section = { href: "/developers", label: "Developers" },
}: {
  person: SignedInPerson;
  section?: { href: string; label: string };
}) {
  const inPortal = section.href === "/developers";
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex h-14 items-center justify-between gap-4">
          <div className="flex min-w-0 items-center gap-3">
            <Link
              href="/"
              className="flex items-center gap-2 rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              <RelayMark />
              <span className="text-base font-semibold tracking-tight text-slate-900">Relay</span>
            </Link>
            <span aria-hidden className="text-slate-300">
              /
            </span>
            <Link href={section.href} className="text-sm font-medium text-slate-600 hover:text-slate-900">
              {section.label}
            </Link>
          </div>
          <div className="flex min-w-0 items-center gap-3">
            <div className="hidden min-w-0 text-right sm:block" aria-label="Signed in as">
              <p className="truncate text-sm font-medium text-slate-900" data-testid="signed-in-name">
                {person.name}
              </p>
              <p className="truncate text-xs text-slate-500">{person.email}</p>
            </div>
            <span
              aria-hidden
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700"
            >
              {person.name.slice(0, 1).toUpperCase()}
            </span>
            <Link
              href="/settings/tokens"
              className="hidden text-sm font-medium text-slate-600 hover:text-slate-900 sm:inline"
              title="Access tokens for your AI assistant (MCP)"
            >
              Settings
            </Link>
            <SignOutButton />
          </div>
        </div>
        {inPortal && <PortalNav />}
      </div>
    </header>
  );
}
