import type { Metadata } from "next";
import Link from "next/link";
import { currentActor } from "@/lib/auth/current-actor";
import { env } from "@/lib/env";
import { buildOpenApiDocument } from "@/app/api/public/v1/openapi-document";
import { RETRY_DELAYS_SECONDS } from "@/lib/webhooks/attempt-delivery";
import { CORE_EVENT_TYPES, EVENT_DESCRIPTIONS, EXTENSION_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { CodeBlock, InlineCode } from "@/components/ui/code-block";
import { PageHeader } from "@/components/ui/page-header";
import { OperationSection, SchemaSection, operations, type ApiDocument } from "@/components/portal/api-reference";
import { curlExample, nodeCryptoExample, sdkExample } from "./examples";
import { CompactHead } from "@/components/ui/table";
import { IDEMPOTENCY_KEY_MAX } from "@/lib/limits";

export const metadata: Metadata = { title: "API reference" };

const WEBHOOK_HEADERS = [
  ["X-Service-Event", "The event type, e.g. message.created"],
  ["X-Service-Timestamp", "When this attempt was signed: Unix time in seconds"],
  [
    "X-Service-Signature",
    "sha256=<hex HMAC-SHA256 of “<timestamp>.<raw body>” with the signing secret>; two comma-separated values during a secret rotation's overlap",
  ],
  ["X-Service-Delivery", "The delivery id: the same on every retry and replay"],
];

function delayLabel(seconds: number) {
  return seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`;
}

export default async function DocsPage() {
  await currentActor("/developers/docs");
  // The generator's own types are wider than what it produces; this is the shape the document has.
  const doc = buildOpenApiDocument() as unknown as ApiDocument;
  // The document's server URL is absolute (APP_URL + /api/public/v1); the reference shows only its path.
  const base = doc.servers?.[0]?.url ?? `${env().APP_URL.replace(/\/$/, "")}/api/public/v1`;
  const ops = operations(doc);
  const schemas = Object.entries(doc.components?.schemas ?? {});
  const webhookOps = Object.entries(doc.webhooks ?? {}).flatMap(([name, item]) =>
    Object.entries(item).map(([method, operation]) => ({ name, method, operation })),
  );

  return (
    <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
      <aside className="hidden lg:block">
        <nav
          aria-label="On this page"
          className="sticky top-6 max-h-[calc(100vh-3rem)] space-y-5 overflow-y-auto pb-6 text-sm"
        >
          <TocGroup
            title="Quick start"
            links={[
              ["#auth", "Authentication"],
              ["#send", "Send a message"],
              ["#webhooks", "Receive webhooks"],
              ["#verify-sdk", "Verify with the SDK"],
              ["#verify-node", "Verify with node:crypto"],
            ]}
          />
          <TocGroup
            title="Endpoints"
            links={ops.map((op) => [`#${op.anchor}`, `${op.method.toUpperCase()} ${op.path}`])}
            mono
          />
          <TocGroup title="Schemas" links={schemas.map(([name]) => [`#schema-${name}`, name])} mono />
        </nav>
      </aside>

      <div className="min-w-0">
        <PageHeader
          title={doc.info.title}
          description={doc.info.description}
          meta={
            <>
              <span>
                Version <span className="font-medium text-slate-700">{doc.info.version}</span>
              </span>
              <span>
                Base URL <InlineCode>{base}</InlineCode>
              </span>
              <a href="/api/public/v1/openapi.json" className="font-medium text-indigo-700 hover:underline">
                OpenAPI 3.1 document (JSON)
              </a>
              <Link href="/developers/docs/guide" className="font-medium text-indigo-700 hover:underline">
                Guide for bot developers
              </Link>
            </>
          }
        />

        <article className="space-y-10">
          <section aria-labelledby="quick-start" className="space-y-8">
            <h2 id="quick-start" className="text-xl font-semibold tracking-tight text-slate-900">
              Quick start
            </h2>

            <div id="auth" className="scroll-mt-24 space-y-2">
              <h3 className="text-base font-semibold text-slate-900">1. Authentication</h3>
              <p className="text-sm text-slate-600">
                Register a bot under{" "}
                <Link href="/developers/bots/new" className="font-medium text-indigo-700 hover:underline">
                  Bots
                </Link>{" "}
                to get an API key (<InlineCode>amk_…</InlineCode>, shown once). Send it on every request as{" "}
                <InlineCode>Authorization: Bearer amk_…</InlineCode>. A missing or invalid key is{" "}
                <InlineCode>401 unauthorized</InlineCode>; a bot may only act in conversations where a participant
                authorized it (otherwise <InlineCode>403 forbidden</InlineCode>).
              </p>
            </div>

            <div id="send" className="scroll-mt-24 space-y-3">
              <h3 className="text-base font-semibold text-slate-900">2. Send a message</h3>
              <p className="text-sm text-slate-600">
                Creates need an <InlineCode>Idempotency-Key</InlineCode> (at most {IDEMPOTENCY_KEY_MAX} characters):
                retry with the same key and you get the first answer back, never a second message. Every message passes
                the policy:{" "}
                <InlineCode>201</InlineCode> sent, <InlineCode>202</InlineCode> held for a person&apos;s approval,{" "}
                <InlineCode>429</InlineCode> deferred (see <InlineCode>Retry-After</InlineCode>),{" "}
                <InlineCode>403</InlineCode> blocked, always with <InlineCode>reasons</InlineCode>.
              </p>
              <CodeBlock code={curlExample(base)} title="shell" copy label="curl example" />
            </div>

            <div id="webhooks" className="scroll-mt-24 space-y-3">
              <h3 className="text-base font-semibold text-slate-900">3. Receive webhooks</h3>
              <p className="text-sm text-slate-600">
                Relay POSTs each event to the bot&apos;s webhook URL as JSON:{" "}
                <InlineCode>{"{id, type, created_at, data}"}</InlineCode>. Answer with any 2xx within 15 seconds. The
                envelope&apos;s <InlineCode>id</InlineCode> stays the same across retries and replays: use it to drop
                duplicates.
              </p>
              <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
                <table className="min-w-full text-sm" aria-label="Webhook request headers">
                  <CompactHead columns={["Header", "Value"]} />
                  <tbody className="divide-y divide-slate-100">
                    {WEBHOOK_HEADERS.map(([name, value]) => (
                      <tr key={name} className="align-top">
                        <td className="px-3 py-2 font-mono text-[13px] whitespace-nowrap text-slate-900">{name}</td>
                        <td className="px-3 py-2 text-slate-600">{value}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-600">
                <li>
                  <span className="font-medium text-slate-800">Retries.</span> Anything but a 2xx in time is retried
                  after {RETRY_DELAYS_SECONDS.map(delayLabel).join(", ")}; then the delivery is marked failed. You can
                  replay failed deliveries from the bot&apos;s Deliveries tab; a replay is signed afresh with a new
                  timestamp.
                </li>
                <li>
                  <span className="font-medium text-slate-800">Secret rotation.</span> While a rotation overlaps, both
                  secrets sign and <InlineCode>X-Service-Signature</InlineCode> carries two comma-separated{" "}
                  <InlineCode>sha256=</InlineCode> values, newest first. Accept the request when any of them matches.
                </li>
                <li>
                  <span className="font-medium text-slate-800">Freshness.</span> Reject timestamps older than 5 minutes,
                  so a captured request cannot be replayed against you later.
                </li>
              </ul>
              <div className="grid gap-2 sm:grid-cols-2">
                {[...CORE_EVENT_TYPES, ...EXTENSION_EVENT_TYPES, "ping" as const].map((type) => (
                  <div key={type} className="rounded-md border border-slate-200 bg-white px-3 py-2">
                    <p className="font-mono text-xs font-semibold text-slate-900">{type}</p>
                    <p className="text-xs text-slate-500">{EVENT_DESCRIPTIONS[type]}</p>
                  </div>
                ))}
              </div>
            </div>

            <div id="verify-sdk" className="scroll-mt-24 space-y-3">
              <h3 className="text-base font-semibold text-slate-900">4. Verify a webhook with the SDK</h3>
              <p className="text-sm text-slate-600">
                <InlineCode>verifyWebhook(rawBody, headers, secret)</InlineCode> from the SDK (
                <InlineCode>sdk/verify-webhook.ts</InlineCode>) checks the signature (any of the listed values) and the
                timestamp, throws when either fails and returns the parsed event. Pass the body exactly as received:
                parsing and re-serializing JSON changes the bytes that were signed.
              </p>
              <CodeBlock code={sdkExample} title="server.ts" copy label="SDK verification example" />
            </div>

            <div id="verify-node" className="scroll-mt-24 space-y-3">
              <h3 className="text-base font-semibold text-slate-900">5. Verify with plain node:crypto</h3>
              <p className="text-sm text-slate-600">
                The same check without the SDK: HMAC-SHA256 of <InlineCode>{"`${timestamp}.${rawBody}`"}</InlineCode>{" "}
                with the signing secret, hex-encoded, compared in constant time with each{" "}
                <InlineCode>sha256=</InlineCode> value of the header.
              </p>
              <CodeBlock
                code={nodeCryptoExample}
                title="verify-webhook.ts"
                copy
                label="node:crypto verification example"
              />
            </div>
          </section>

          <section aria-labelledby="endpoints" className="space-y-5">
            <h2 id="endpoints" className="text-xl font-semibold tracking-tight text-slate-900">
              Endpoints
            </h2>
            {ops.map((op) => (
              <OperationSection
                key={op.anchor}
                method={op.method}
                path={op.path}
                operation={op.operation}
                anchor={op.anchor}
                base={new URL(base).pathname}
                schemas={doc.components?.schemas ?? {}}
              />
            ))}
            {webhookOps.map((op) => (
              <OperationSection
                key={`webhook-${op.name}`}
                method={op.method}
                path={`webhook: ${op.name}`}
                operation={op.operation}
                anchor={`webhook-${op.name}`}
                base=""
                schemas={doc.components?.schemas ?? {}}
              />
            ))}
          </section>

          <section aria-labelledby="schemas" className="space-y-6">
            <h2 id="schemas" className="text-xl font-semibold tracking-tight text-slate-900">
              Schemas
            </h2>
            {schemas.map(([name, schema]) => (
              <SchemaSection key={name} name={name} schema={schema} />
            ))}
          </section>
        </article>
      </div>
    </div>
  );
}

function TocGroup({ title, links, mono = false }: { title: string; links: string[][]; mono?: boolean }) {
  return (
    <div>
      <p className="mb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</p>
      <ul className="space-y-1">
        {links.map(([href, label]) => (
          <li key={href}>
            <a
              href={href}
              className={`block rounded px-1.5 py-0.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${mono ? "font-mono text-xs break-all" : ""}`}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
