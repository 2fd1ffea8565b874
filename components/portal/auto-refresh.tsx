"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Refreshes the page while a delivery is about to be attempted (pending, due within a minute), so a replay's or a
 * retry's new attempt appears without a reload. Gives up after two minutes.
 */
export function AutoRefresh({
  pending,
  nextAttemptAt,
  everyMs = 1500,
}: {
  pending: boolean;
  nextAttemptAt: string | null;
  everyMs?: number;
}) {
  const router = useRouter();
  useEffect(() => {
    if (!pending) return;
    const due = nextAttemptAt ? Date.parse(nextAttemptAt) : Date.now();
    if (due - Date.now() > 60_000) return;
    const stopAt = Date.now() + 120_000;
    const timer = setInterval(() => {
      if (Date.now() > stopAt) return clearInterval(timer);
      router.refresh();
    }, everyMs);
    return () => clearInterval(timer);
  }, [pending, nextAttemptAt, everyMs, router]);
  return null;
}
