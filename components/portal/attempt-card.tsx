import type { AttemptView } from "@/lib/webhooks/serialize-delivery";
import { CodeBlock } from "@/components/ui/code-block";
import { formatDateTime, formatDuration } from "@/components/ui/format";
import { HttpStatus, TriggerBadge } from "./status-badges";

const RESPONSE_SHOWN = 4096;

/** Pretty-prints a JSON body for reading; anything else is shown as it was. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** One attempt of a delivery: when, how long, the exact request and what came back. */
export function AttemptCard({ attempt, open }: { attempt: AttemptView; open: boolean }) {
  const ok =
    attempt.error === null &&
    attempt.response_status !== null &&
    attempt.response_status >= 200 &&
    attempt.response_status < 300;
  const response = attempt.response_body ?? "";
  return (
    <article aria-label={`Attempt ${attempt.number}`} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
        <span
          className={`flex size-7 items-center justify-center rounded-full text-xs font-semibold ${ok ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-red-800"}`}
          aria-hidden
        >
          {attempt.number}
        </span>
        <h3 className="text-sm font-semibold text-slate-900">Attempt {attempt.number}</h3>
        <TriggerBadge trigger={attempt.trigger} />
        <HttpStatus status={attempt.response_status} />
        <span className="text-sm text-slate-500">{formatDuration(attempt.duration_ms)}</span>
        <span className="ml-auto text-sm text-slate-500">
          <time dateTime={attempt.started_at}>{formatDateTime(attempt.started_at)}</time>
        </span>
      </header>
      {attempt.error && (
        <p className="mx-5 mb-3 rounded-md bg-red-50 px-3 py-2 font-mono text-xs break-words text-red-800" role="note">
          {attempt.error}
        </p>
      )}
      <details open={open} className="group border-t border-slate-100">
        <summary className="cursor-pointer list-none px-5 py-2.5 text-sm font-medium text-slate-600 select-none hover:text-slate-900 [&::-webkit-details-marker]:hidden">
          <span className="inline-block transition-transform group-open:rotate-90" aria-hidden>
            ›
          </span>{" "}
          Request and response
        </summary>
        <div className="space-y-4 px-5 pb-5">
          <p className="font-mono text-xs break-all text-slate-700">
            <span className="mr-2 rounded bg-slate-800 px-1.5 py-0.5 font-semibold text-white">POST</span>
            {attempt.url || <span className="text-slate-500">(no URL)</span>}
          </p>
          <div>
            <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">Request headers</h4>
            <div tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500">
              <table className="min-w-full text-xs" aria-label={`Request headers of attempt ${attempt.number}`}>
                <tbody className="divide-y divide-slate-100">
                  {Object.entries(attempt.request_headers).map(([name, value]) => (
                    <tr key={name}>
                      <th
                        scope="row"
                        className="w-56 bg-slate-50 px-3 py-1.5 text-left align-top font-mono font-medium whitespace-nowrap text-slate-600"
                      >
                        {name}
                      </th>
                      <td className="px-3 py-1.5 font-mono break-all text-slate-800">{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          <div>
            <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">Request body</h4>
            <CodeBlock
              code={readable(attempt.request_body)}
              copy
              title="formatted for reading; the signature covers the raw body"
              maxHeight="md"
              label={`Request body of attempt ${attempt.number}`}
            />
          </div>
          <div>
            <h4 className="mb-1.5 flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Response <HttpStatus status={attempt.response_status} />
            </h4>
            {attempt.response_body === null ? (
              <p className="text-sm text-slate-500">No response{attempt.error ? "" : " body"}.</p>
            ) : (
              <CodeBlock
                code={response.slice(0, RESPONSE_SHOWN) || "(empty body)"}
                title={response.length >= RESPONSE_SHOWN ? "first 4 KiB" : "response body"}
                maxHeight="sm"
                label={`Response body of attempt ${attempt.number}`}
              />
            )}
          </div>
        </div>
      </details>
    </article>
  );
}
