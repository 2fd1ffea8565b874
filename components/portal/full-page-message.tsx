import type { ReactNode } from "react";
import { RelayMark } from "./relay-mark";

/** A whole page that only says one thing (not found, an error), with the product's mark and a way on. */
export function FullPageMessage({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center px-6 text-center"
    >
      <RelayMark className="size-10" />
      <h1 className="mt-5 text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{children}</p>
      <div className="mt-6 flex gap-3">{actions}</div>
    </main>
  );
}
