import type { SignatureCheck } from "@/lib/webhooks/get-delivery";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";

const SHOWN = 600;

/**
 * How the latest attempt was signed, to compare with what the receiving code computes: the timestamp, the signed
 * string `<timestamp>.<raw body>`, the signature the current secret gives, and the header that was sent.
 */
export function SignatureCheckPanel({ check }: { check: SignatureCheck | null }) {
  return (
    <Card aria-labelledby="signature-title">
      <CardHeader
        id="signature-title"
        title="Signature check"
        description="Of the latest attempt, against the bot's current signing secret."
        actions={
          check &&
          (check.valid ? (
            <Badge tone="green" dot>
              Valid
            </Badge>
          ) : (
            <Badge tone="red" dot>
              Invalid
            </Badge>
          ))
        }
      />
      <CardBody>
        {!check ? (
          <p className="text-sm text-slate-500">
            Nothing to check yet: the delivery has no attempt, or the bot has no active secret.
          </p>
        ) : (
          <dl className="space-y-4 text-sm">
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Valid</dt>
              <dd className="mt-1" data-testid="signature-valid">
                {check.valid ? (
                  <span className="font-medium text-emerald-700">
                    Yes: the sent header carries the expected signature
                  </span>
                ) : (
                  <span className="font-medium text-red-700">
                    No: none of the sent signatures matches (was the secret rotated since?)
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">X-Service-Timestamp</dt>
              <dd className="mt-1">
                <code className="font-mono text-xs text-slate-900">{check.timestamp}</code>
                <span className="ml-2 text-xs text-slate-500">{formatDateTime(new Date(check.timestamp * 1000))}</span>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Signed string</dt>
              <dd className="mt-1">
                <code
                  className="block max-h-40 overflow-auto rounded-md bg-slate-50 p-2 font-mono text-xs break-all text-slate-800"
                  title="<timestamp>.<raw body>"
                >
                  {check.signed_string.length > SHOWN ? `${check.signed_string.slice(0, SHOWN)}…` : check.signed_string}
                </code>
                {check.signed_string.length > SHOWN && (
                  <span className="mt-1 block text-xs text-slate-500">
                    {check.signed_string.length - SHOWN} more characters not shown
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Expected signature</dt>
              <dd className="mt-1">
                <code className="block font-mono text-xs break-all text-slate-900">{check.expected_signature}</code>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Sent X-Service-Signature</dt>
              <dd className="mt-1 space-y-1">
                {check.sent_signature.split(",").map((part, index) => (
                  <code
                    key={index}
                    className={`block font-mono text-xs break-all ${part === check.expected_signature ? "text-emerald-700" : "text-slate-600"}`}
                  >
                    {part}
                    {part === check.expected_signature && <span className="ml-1 font-sans font-medium">✓ matches</span>}
                  </code>
                ))}
              </dd>
            </div>
          </dl>
        )}
      </CardBody>
    </Card>
  );
}
