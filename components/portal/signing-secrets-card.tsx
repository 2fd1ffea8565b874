import type { ManagedBot } from "@/lib/bots/list-bots";
import { SIGNING_SECRET_OVERLAPS } from "@/lib/schemas/bots";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import type { FormAction, RotatedSecret } from "@/lib/forms/form-state";
import { RotateSecretForm } from "./rotate-secret-form";

const STATE = {
  current: { tone: "green", label: "current" },
  previous: { tone: "yellow", label: "previous · still signs" },
  expired: { tone: "gray", label: "expired" },
} as const;

/** Signing secrets by date only: the secret itself is shown once, when made. */
export function SigningSecretsCard({
  secrets,
  rotateAction,
}: {
  secrets: ManagedBot["signing_secrets"];
  rotateAction: FormAction<{ overlapMinutes: string }, RotatedSecret>;
}) {
  return (
    <Card aria-labelledby="secrets-title">
      <CardHeader
        id="secrets-title"
        title="Webhook signing secret"
        description="Each webhook carries X-Service-Signature: sha256=HMAC of “timestamp.body” with this secret. While a rotation overlaps, both secrets sign and the header lists two values."
      />
      <RotateSecretForm action={rotateAction} overlaps={SIGNING_SECRET_OVERLAPS} />
      <Table label="Signing secrets">
        <thead>
          <tr>
            <Th>Secret</Th>
            <Th>Created</Th>
            <Th>Signs until</Th>
          </tr>
        </thead>
        <Tbody>
          {secrets.map((secret) => (
            <tr key={secret.id} className={secret.state === "expired" ? "text-slate-500" : undefined}>
              <Td>
                <span className="mr-3 font-mono text-xs tracking-widest text-slate-500" aria-label="hidden">
                  whsec_••••••••
                </span>
                <Badge tone={STATE[secret.state].tone} dot={secret.state !== "expired"}>
                  {STATE[secret.state].label}
                </Badge>
              </Td>
              <Td className="whitespace-nowrap text-slate-500">{formatDateTime(secret.created_at)}</Td>
              <Td className="whitespace-nowrap text-slate-500">
                {secret.expires_at ? formatDateTime(secret.expires_at) : "Until rotated"}
              </Td>
            </tr>
          ))}
        </Tbody>
      </Table>
    </Card>
  );
}
