"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ConversationSummary } from "@/lib/chat/list-conversations";
import { cn } from "@/components/ui/cn";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { Time } from "./time";

/** The workspace's conversations, newest activity first, with what is unread and what waits for approval. */
export function ConversationList({
  workspaceSlug,
  conversations,
}: {
  workspaceSlug: string;
  conversations: ConversationSummary[];
}) {
  const pathname = usePathname();
  if (conversations.length === 0) return <p className="px-4 py-6 text-sm text-slate-500">No conversations yet.</p>;
  return (
    <ul className="divide-y divide-slate-100" data-testid="conversation-list">
      {conversations.map((c) => {
        const href = `/chat/${workspaceSlug}/c/${c.id}`;
        const active = pathname === href;
        const unread = c.unread_count > 0 && !active;
        return (
          <li key={c.id}>
            <Link
              href={href}
              prefetch={false}
              aria-current={active ? "page" : undefined}
              className={cn(
                "block px-4 py-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500",
                active ? "bg-indigo-50" : "hover:bg-slate-50",
              )}
            >
              <span className="flex items-baseline justify-between gap-2">
                <span
                  className={cn(
                    "truncate text-sm",
                    unread ? "font-semibold text-slate-900" : "font-medium text-slate-800",
                  )}
                >
                  {c.title ? <UntrustedText text={c.title} /> : "Untitled conversation"}
                </span>
                {c.last_message_at && <Time iso={c.last_message_at} className="shrink-0 text-xs text-slate-600" />}
              </span>
              <span className="mt-0.5 flex items-center gap-2">
                <span className={cn("min-w-0 flex-1 truncate text-xs", unread ? "text-slate-800" : "text-slate-600")}>
                  {c.last_message_preview ? <UntrustedText text={c.last_message_preview} /> : "No messages yet"}
                </span>
                {c.pending_approvals > 0 && (
                  <span
                    className="shrink-0 rounded-full bg-amber-100 px-1.5 text-[11px] font-semibold text-amber-800"
                    title="Waiting for approval"
                  >
                    {c.pending_approvals} waiting
                  </span>
                )}
                {unread && (
                  <span
                    className="shrink-0 rounded-full bg-indigo-600 px-1.5 text-[11px] font-semibold text-white"
                    data-testid="unread-count"
                  >
                    <span className="sr-only">Unread: </span>
                    {c.unread_count}
                  </span>
                )}
                {c.taken_over && <span className="sr-only">Taken over by a person</span>}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
