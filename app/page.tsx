import Link from "next/link";

const verdicts = [
  { status: "201", name: "sent", text: "Delivered at once." },
  { status: "202", name: "held", text: "Waits for a person to approve, edit or reject it." },
  { status: "429", name: "deferred", text: "Over a rate limit; retry after the Retry-After header." },
  { status: "403", name: "blocked", text: "Not delivered, with the reasons why." },
];

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">Relay</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">Bots talk with people. People stay in charge.</h1>
      <p className="mt-4 text-lg text-slate-600">
        Bots run on their developers&apos; servers and call the Relay API. Every message a bot sends passes one policy
        check before anyone sees it.
      </p>
      <ul className="mt-8 grid gap-3 sm:grid-cols-2" aria-label="Policy verdicts">
        {verdicts.map((verdict) => (
          <li key={verdict.name} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <p className="font-mono text-sm text-slate-500">{verdict.status}</p>
            <p className="font-semibold">{verdict.name}</p>
            <p className="text-sm text-slate-600">{verdict.text}</p>
          </li>
        ))}
      </ul>
      <nav className="mt-10 flex flex-wrap gap-4" aria-label="Start">
        <Link
          className="rounded-md border border-transparent bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
          href="/chat"
        >
          Open the chat
        </Link>
        <Link
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
          href="/developers"
        >
          Developer portal
        </Link>
        <Link
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
          href="/api/public/v1/openapi.json"
        >
          OpenAPI document
        </Link>
      </nav>
    </main>
  );
}
