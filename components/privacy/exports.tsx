"use client";

import { useRouter } from "next/navigation";
import { startTransition, useActionState, useEffect } from "react";
import { Time } from "@/components/chat/time";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { formatBytes } from "@/components/ui/format";
import type { FormAction, FormState } from "@/lib/forms/form-state";

// Exports (issue 38): the button that asks for one (or for an erasure), and the list of those asked for, each with its progress while a
// job builds it and its download link once ready (for the person who asked, until it expires). While one is being
// built the page is rendered again every 2 seconds, so the list shows how far it got.

/** What a list shows of an export (lib/privacy/request-export.ts's ExportView). */
export interface ExportItem {
  id: string;
  status: "queued" | "running" | "ready" | "failed" | "expired";
  progress: Record<string, number>;
  size_bytes: number | null;
  created_at: string;
  expires_at: string | null;
  download_path: string | null;
}

const STATUS: Record<ExportItem["status"], { label: string; tone: BadgeTone }> = {
  queued: { label: "Waiting", tone: "gray" },
  running: { label: "Building", tone: "blue" },
  ready: { label: "Ready", tone: "green" },
  failed: { label: "Failed", tone: "red" },
  expired: { label: "Expired", tone: "gray" },
};

/** A one-button form that asks for something (an export, an erasure, its withdrawal): its refusal shows above it. */
export function AskButton({
  label,
  action,
  variant = "secondary",
}: {
  label: string;
  action: FormAction<Record<string, never>>;
  variant?: ButtonVariant;
}) {
  const [state, formAction, pending] = useActionState<FormState, FormData>(action, { n: 0 });
  return (
    <form action={formAction} className="space-y-2">
      {state.error && <Alert tone="danger">{state.error}</Alert>}
      <Button type="submit" variant={variant} disabled={pending} aria-busy={pending}>
        {pending ? "Asking…" : label}
      </Button>
    </form>
  );
}

export function ExportList({ exports, label }: { exports: ExportItem[]; label: string }) {
  const router = useRouter();
  const building = exports.some((e) => e.status === "queued" || e.status === "running");
  useEffect(() => {
    if (!building) return;
    const timer = setInterval(() => startTransition(() => router.refresh()), 2000);
    return () => clearInterval(timer);
  }, [building, router]);
  if (exports.length === 0) return <p className="text-sm text-slate-500">No export yet.</p>;
  return (
    <ul aria-label={label} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {exports.map((item) => {
        const rows = Object.values(item.progress).reduce((sum, n) => sum + n, 0);
        return (
          <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm">
            <Badge tone={STATUS[item.status].tone}>{STATUS[item.status].label}</Badge>
            <span className="text-slate-600">
              Asked <Time iso={item.created_at} />
            </span>
            {(item.status === "running" || item.status === "queued") && (
              <span className="text-slate-600" role="status">
                {rows.toLocaleString("en")} rows so far
              </span>
            )}
            {item.download_path && (
              <a href={item.download_path} className="font-medium text-indigo-700 underline" download>
                Download the archive ({formatBytes(item.size_bytes ?? 0)})
              </a>
            )}
            {item.status === "ready" && item.expires_at && (
              <span className="text-xs text-slate-500">
                until <Time iso={item.expires_at} />
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
