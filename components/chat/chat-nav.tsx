"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";

/** The chat's sections in a workspace: conversations, what waits for approval, contacts, and (admins) bots and policy. */
export function ChatNav({ slug, waiting, admin }: { slug: string; waiting: number; admin: boolean }) {
  const pathname = usePathname();
  const links = [
    {
      href: `/chat/${slug}`,
      label: "Conversations",
      active:
        pathname === `/chat/${slug}` || pathname === `/chat/${slug}/new` || pathname.startsWith(`/chat/${slug}/c/`),
    },
    {
      href: `/chat/${slug}/approvals`,
      label: "Approvals",
      count: waiting,
      active: pathname.startsWith(`/chat/${slug}/approvals`),
    },
    {
      href: `/chat/${slug}/contacts`,
      label: "Contacts",
      active: pathname.startsWith(`/chat/${slug}/contacts`),
    },
    ...(admin
      ? [
          {
            href: `/chat/${slug}/admin`,
            label: "Bots & policy",
            // On a phone the tabs fit the width only with this one shortened (its name stays the full label).
            short: "Bots",
            active: pathname.startsWith(`/chat/${slug}/admin`),
          },
        ]
      : []),
  ];
  return (
    <nav aria-label="Chat" className="-mb-px flex gap-4 overflow-x-auto sm:gap-5">
      {links.map((link) => (
        <Link
          key={link.href}
          href={link.href}
          aria-current={link.active ? "page" : undefined}
          aria-label={"short" in link ? link.label : undefined}
          className={cn(
            "flex items-center gap-1.5 whitespace-nowrap border-b-2 px-0.5 pb-2.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
            link.active
              ? "border-indigo-600 text-indigo-700"
              : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800",
          )}
        >
          {"short" in link ? (
            <>
              <span className="sm:hidden">{link.short}</span>
              <span className="hidden sm:inline">{link.label}</span>
            </>
          ) : (
            link.label
          )}
          {"count" in link && link.count! > 0 && (
            <span
              className="rounded-full bg-amber-100 px-1.5 text-[11px] font-semibold text-amber-800"
              data-testid="approvals-count"
            >
              {link.count}
            </span>
          )}
        </Link>
      ))}
    </nav>
  );
}
