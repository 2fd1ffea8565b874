"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";

const LINKS = [
  {
    href: "/developers",
    label: "Bots",
    match: (path: string) =>
      path === "/developers" || path.startsWith("/developers/bots") || path.startsWith("/developers/deliveries"),
  },
  {
    href: "/developers/connections",
    label: "Connections",
    match: (path: string) => path.startsWith("/developers/connections"),
  },
  // The guide (docs/guides/bot-developers.md) first: what the API promises and how webhooks work, then the reference.
  {
    href: "/developers/docs/guide",
    label: "Guide",
    match: (path: string) => path.startsWith("/developers/docs/guide"),
  },
  { href: "/developers/docs", label: "API reference", match: (path: string) => path === "/developers/docs" },
];

export function PortalNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Developer portal" className="-mb-px flex gap-4 sm:gap-6">
      {LINKS.map((link) => {
        const active = link.match(pathname);
        return (
          <Link
            key={link.href}
            href={link.href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "border-b-2 px-0.5 pb-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
              active
                ? "border-indigo-600 text-indigo-700"
                : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800",
            )}
          >
            {link.label}
          </Link>
        );
      })}
    </nav>
  );
}
