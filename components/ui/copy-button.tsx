"use client";

import { useEffect, useState } from "react";
import { cn } from "./cn";
import { Icon } from "./icon";

/** Copies `value` to the clipboard and says so for two seconds. */
export function CopyButton({
  value,
  label = "Copy",
  ariaLabel,
  tone = "light",
  className,
}: {
  value: string;
  label?: string;
  ariaLabel?: string;
  tone?: "light" | "dark";
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Clipboard refused (plain http, permissions): fall back to a hidden textarea.
      const area = document.createElement("textarea");
      area.value = value;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(true);
  }

  return (
    <button
      type="button"
      onClick={copy}
      aria-label={copied ? "Copied" : (ariaLabel ?? label)}
      className={cn(
        "inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md border px-2.5 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
        copied
          ? tone === "dark"
            ? "border-emerald-500/50 bg-emerald-500/10 text-emerald-300"
            : "border-emerald-300 bg-emerald-50 text-emerald-700"
          : tone === "dark"
            ? "border-slate-600 bg-slate-800 text-slate-200 hover:bg-slate-700"
            : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
        className,
      )}
    >
      <Icon
        d={
          copied
            ? "M20 6 9 17l-5-5"
            : "M8 8V5a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-3M5 8h9a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-9a2 2 0 0 1 2-2Z"
        }
        className="size-3.5"
      />
      {copied ? "Copied" : label}
    </button>
  );
}
