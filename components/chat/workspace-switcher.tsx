"use client";

import { useRouter } from "next/navigation";
import { useId } from "react";

/** Moves between the person's workspaces (a plain select: keyboard and screen readers know it). */
export function WorkspaceSwitcher({
  current,
  workspaces,
}: {
  current: string;
  workspaces: { slug: string; name: string }[];
}) {
  const router = useRouter();
  const id = useId();
  if (workspaces.length < 2)
    return <span className="truncate text-sm font-semibold text-slate-900">{workspaces[0]?.name}</span>;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Workspace
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => router.push(`/chat/${event.target.value}`)}
        className="max-w-[12rem] truncate rounded-md border border-slate-300 bg-white py-1 pl-2 pr-7 text-sm font-semibold text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/40"
      >
        {workspaces.map((w) => (
          <option key={w.slug} value={w.slug}>
            {w.name}
          </option>
        ))}
      </select>
    </>
  );
}
