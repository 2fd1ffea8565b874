import { Badge } from "@/components/ui/badge";
import { formatDateTimeShort } from "@/components/ui/format";
import { Td } from "@/components/ui/table";

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
            <span className="mt-1 block text-xs text-slate-400">{formatDateTimeShort(revokedAt)}</span>
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
