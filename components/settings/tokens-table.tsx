import type { PersonalTokenView } from "@/lib/tokens/personal-token";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTimeShort } from "@/components/ui/format";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import type { FormState } from "@/components/portal/form-state";
import { RevokeKeyButton } from "@/components/portal/revoke-key-button";

type RevokeState = FormState<Record<string, never>>;

/** The person's tokens: workspace, scopes, when last used; active ones can be revoked. */
export function TokensTable({
  tokens,
  revokeActions,
}: {
  tokens: PersonalTokenView[];
  /** One bound server action per active token id. */
  revokeActions: Record<string, (state: RevokeState) => Promise<RevokeState>>;
}) {
  if (tokens.length === 0)
    return <EmptyState title="No tokens yet">Create one above to connect your AI assistant.</EmptyState>;
  return (
    <Table label="Access tokens">
      <thead>
        <tr>
          <Th>Token</Th>
          <Th>Workspace</Th>
          <Th>Created</Th>
          <Th>Last used</Th>
          <Th>Status</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <Tbody>
        {tokens.map((token) => (
          <tr key={token.id} className={token.revoked_at ? "text-slate-400" : undefined} data-testid="token-row">
            <Td>
              <span className={token.revoked_at ? "block font-medium" : "block font-medium text-slate-900"}>
                {token.name}
              </span>
              <code className="font-mono text-xs">{token.prefix}…</code>
              {token.scopes.map((scope) => (
                <Badge key={scope} tone={scope === "write" ? "yellow" : "indigo"} className="ml-2">
                  {scope}
                </Badge>
              ))}
            </Td>
            <Td className="whitespace-nowrap">{token.workspace.name}</Td>
            <Td className="whitespace-nowrap text-slate-500">{formatDateTimeShort(token.created_at)}</Td>
            <Td className="whitespace-nowrap text-slate-500">
              {token.last_used_at ? formatDateTimeShort(token.last_used_at) : "Never"}
            </Td>
            <Td className="whitespace-nowrap">
              {token.revoked_at ? (
                <span>
                  <Badge tone="red">revoked</Badge>
                  <span className="mt-1 block text-xs text-slate-400">{formatDateTimeShort(token.revoked_at)}</span>
                </span>
              ) : (
                <Badge tone="green" dot>
                  active
                </Badge>
              )}
            </Td>
            <Td className="text-right">
              {!token.revoked_at && revokeActions[token.id] && (
                <RevokeKeyButton
                  action={revokeActions[token.id]!}
                  label={token.name}
                  prefix={token.prefix}
                  noun="token"
                />
              )}
            </Td>
          </tr>
        ))}
      </Tbody>
    </Table>
  );
}
