"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/**
 * The conversation list beside the page. On a phone-sized screen only one shows: the list on the workspace's home,
 * the page everywhere else (its header links back to the list).
 */
export function ChatPanes({ slug, list, children }: { slug: string; list: ReactNode; children: ReactNode }) {
  const onList = usePathname() === `/chat/${slug}`;
  return (
    <div className="flex min-h-0 flex-1">
      <aside
        aria-label="Conversations"
        className={cn(
          "min-h-0 w-full shrink-0 overflow-y-auto border-r border-slate-200 bg-white md:block md:w-80",
          onList ? "block" : "hidden",
        )}
      >
        {list}
      </aside>
      <div className={cn("min-h-0 min-w-0 flex-1 flex-col", onList ? "hidden md:flex" : "flex")}>{children}</div>
    </div>
  );
}
