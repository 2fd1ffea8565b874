import Link from "next/link";
import type { ButtonAction } from "@/lib/forms/form-state";
import { ActionButton } from "./action-button";

/** The demo's tour: five things its bots did, each with a link to where it shows, and a button that hides it for good. */
export function DemoTour({ stops, dismiss }: {
  stops: { text: string; href: string; link: string }[];
  dismiss: ButtonAction;
}) {
  return (
    <section
      aria-labelledby="demo-tour-title"
      className="shrink-0 border-b border-indigo-200 bg-indigo-50 px-3 py-3 text-sm text-slate-800 sm:px-4"
      data-testid="demo-tour"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="demo-tour-title" className="font-semibold text-slate-900">
          The demo&rsquo;s first minute: five things its bots just did
        </h2>
        <ActionButton action={dismiss} variant="secondary" size="sm" className="shrink-0">
          Hide the tour
        </ActionButton>
      </div>
      <ol className="mt-2 grid list-decimal gap-x-8 gap-y-1 pl-5 lg:grid-cols-2">
        {stops.map((stop) => (
          <li key={stop.link}>
            {stop.text}{" "}
            <Link href={stop.href} className="font-medium text-indigo-800 underline hover:text-indigo-950">
              {stop.link}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
