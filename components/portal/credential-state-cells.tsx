import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatDateTimeShort } from "@/components/ui/format";
import type { ReactNode } from "react";
import { Td, Th } from "@/components/ui/table";
import { UntrustedText } from "@/components/ui/untrusted-text";

/** The header cells above CredentialStateCells and the row's actions (`created`: that column's name). */
export function CredentialHeaderCells({ created = "Created" }: { created?: string }) {
  return (
    <>
      <Th>{created}</Th>
      <Th>Last used</Th>
      <Th>Status</Th>
      <Th>
        <span className="sr-only">Actions</span>
      </Th>
    </>
  );
}

/** The created, last used and status cells of a credential's row (a bot's API key, a person's access token). */
export function CredentialStateCells({
  createdAt,
  lastUsedAt,
  revokedAt,
}: {
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}) {
  return (
    <>
      <Td className="whitespace-nowrap text-slate-500">{formatDateTimeShort(createdAt)}</Td>
      <Td className="whitespace-nowrap text-slate-500">{lastUsedAt ? formatDateTimeShort(lastUsedAt) : "Never"}</Td>
      <Td className="whitespace-nowrap">
        {revokedAt ? (
          <span>
            <Badge tone="red">revoked</Badge>
            <span className="mt-1 block text-xs text-slate-500">{formatDateTimeShort(revokedAt)}</span>
          </span>
        ) : (
          <Badge tone="green" dot>
            active
          </Badge>
        )}
      </Td>
    </>
  );
}

/**
 * The name cell of a credential's row: its name, its prefix (or another `detail`) and a badge per scope (`scopeTone`
 * picks the colour).
 */
export function CredentialNameCell({
  name,
  prefix,
  detail,
  scopes,
  revoked,
  scopeTone = () => "indigo",
}: {
  name: string;
  prefix?: string;
  detail?: ReactNode;
  scopes: string[];
  revoked: boolean;
  scopeTone?: (scope: string) => BadgeTone;
}) {
  return (
    <Td>
      <UntrustedText text={name} className={revoked ? "block font-medium" : "block font-medium text-slate-900"} />
      {detail ?? <code className="font-mono text-xs">{prefix}…</code>}
      {scopes.map((scope) => (
        <Badge key={scope} tone={scopeTone(scope)} className="ml-2">
          {scope}
        </Badge>
      ))}
    </Td>
  );
}
