import type { ReactNode } from "react";
import { Icon } from "./icon";

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center">
      <div
        aria-hidden
        className="mb-3 flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-500"
      >
        <Icon
          d="M20 13V7a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v6m16 0v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-4m16 0h-3.6a1 1 0 0 0-.9.55l-.9 1.9a1 1 0 0 1-.9.55h-3.4a1 1 0 0 1-.9-.55l-.9-1.9a1 1 0 0 0-.9-.55H4"
          className="size-5"
        />
      </div>
      <p className="font-medium text-slate-900">{title}</p>
      {children && <div className="mt-1 max-w-md text-sm text-slate-500">{children}</div>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
