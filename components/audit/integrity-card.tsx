import type { AuditChainStatus } from "@/lib/audit/list-audit-log";
import { Time } from "@/components/chat/time";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { CopyField } from "@/components/ui/copy-field";
import { plural } from "@/components/ui/format";

// The audit page's integrity card (docs/decisions/035-audit-chain.md): how far the chain is sealed and signed, how
// the operator verifies it, and the public key a verifier trusts, to copy and keep where the database's
// administrators cannot change it.

export const VERIFY_COMMAND = "npm run --silent cli -- audit verify";

export function IntegrityCard({ chain, unsealedMax }: { chain: AuditChainStatus; unsealedMax: number }) {
  const last = chain.lastCheckpoint;
  return (
    <Card aria-labelledby="integrity-title">
      <CardHeader
        id="integrity-title"
        title="Integrity"
        description="Every entry is linked to the one before it by SHA-256, in one chain for the whole deployment, and the chain's head is signed every 10 minutes. Changing, removing or inserting an entry breaks the chain where it happened."
      />
      <CardBody className="space-y-5">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Last signed checkpoint</dt>
            <dd className="mt-1 text-sm text-slate-900" data-testid="audit-checkpoint">
              {last ? (
                <>
                  Entry {last.seq}, signed <Time iso={last.at} /> by key{" "}
                  <code className="font-mono text-xs break-all">{last.keyId}</code>
                </>
              ) : (
                "None yet: the first is signed within 10 minutes of the first entry."
              )}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Waiting to be sealed</dt>
            <dd className="mt-1 text-sm text-slate-900" data-testid="audit-unsealed">
              {chain.unsealed === 0
                ? "Nothing: every entry of this workspace has its place in the chain."
                : `${chain.unsealed >= unsealedMax ? `${unsealedMax.toLocaleString("en")} or more entries` : plural(chain.unsealed, { one: "entry", many: "entries" })} of this workspace; the sealer takes them within seconds.`}
            </dd>
          </div>
        </dl>

        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-900">How to verify</h3>
          <p className="text-sm text-slate-700">
            On the server, the operator runs the command below. It seals what waits, walks the whole chain, recomputes
            every hash and checks every checkpoint&apos;s signature, then names the first entry that was changed,
            deleted or inserted (or says the chain is whole). <code className="font-mono text-xs">--public-key</code>{" "}
            checks the signatures against a key kept elsewhere, such as the one below.
          </p>
          <CodeBlock code={VERIFY_COMMAND} copy label="the verify command" />
        </div>

        <div className="space-y-3">
          <h3 className="text-sm font-semibold text-slate-900">The signing key</h3>
          <CopyField id="audit-key-id" label="Key id" value={chain.signingKey.keyId} />
          <CopyField id="audit-public-key" label="Public key (Ed25519, base64url)" value={chain.signingKey.publicKey} />
          <details>
            <summary className="w-fit cursor-pointer rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none">
              The public key as PEM
            </summary>
            <CodeBlock code={chain.signingKey.pem.trim()} copy label="the public key as PEM" className="mt-2" />
          </details>
          <p className="text-sm text-slate-700">
            The same key is printed by{" "}
            <code className="font-mono text-xs">npm run --silent cli -- audit public-key</code>.
          </p>
        </div>
      </CardBody>
    </Card>
  );
}
