"use client";

import { useSyncExternalStore } from "react";
import { formatDateTimeShort } from "@/components/ui/format";

const subscribe = () => () => {};

/**
 * A time in the reader's own time zone. The server does not know it, so the first render (and the server's) says
 * UTC and the browser then writes it in local time ("14:05", or "Mon 14:05" / "3 Nov, 14:05" further back).
 */
export function Time({ iso, className }: { iso: string; className?: string }) {
  const local = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={formatDateTimeShort(iso)} className={className}>
      {local ? localLabel(date) : formatDateTimeShort(date)}
    </time>
  );
}

function localLabel(date: Date): string {
  const now = new Date();
  const time = date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  if (date.toDateString() === now.toDateString()) return time;
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days < 6 && days > 0) return `${date.toLocaleDateString(undefined, { weekday: "short" })} ${time}`;
  return `${date.toLocaleDateString(undefined, { day: "numeric", month: "short" })}, ${time}`;
}
