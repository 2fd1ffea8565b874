import type { ReactNode } from "react";
import Link from "next/link";
import { RelayMark } from "@/components/portal/relay-mark";
import { cn } from "./cn";

/**
 * A page of its own, outside the chat and the portal (sign-in, an email's unsubscribe link, an assistant's consent):
 * the Relay mark above one centred card, and an optional line beneath it.
 */
export function StandaloneCard({
  width = "md",
  cardClassName,
  footer,
  children,
}: {
  width?: "sm" | "md";
  cardClassName?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className={cn("w-full", width === "sm" ? "max-w-sm" : "max-w-md")}>
        <Link href="/" className="mx-auto flex w-fit items-center gap-2">
          <RelayMark className="size-9" />
          <span className="text-xl font-semibold tracking-tight text-slate-900">Relay</span>
        </Link>
        <div className={cn("mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8", cardClassName)}>
          {children}
        </div>
        {footer}
      </div>
    </main>
  );
}
