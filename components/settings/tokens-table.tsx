import type { PersonalTokenView } from "@/lib/tokens/personal-token";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import type { FormState } from "@/lib/forms/form-state";
import {
  CredentialHeaderCells,
  CredentialNameCell,
  CredentialStateCells,
} from "@/components/portal/credential-state-cells";
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
          <CredentialHeaderCells />
        </tr>
      </thead>
      <Tbody>
        {tokens.map((token) => (
          <tr key={token.id} className={token.revoked_at ? "text-slate-500" : undefined} data-testid="token-row">
            <CredentialNameCell
              name={token.name}
              prefix={token.prefix}
              scopes={token.scopes}
              revoked={Boolean(token.revoked_at)}
              scopeTone={(scope) => (scope === "write" ? "yellow" : "indigo")}
            />
            <Td className="whitespace-nowrap">{token.workspace.name}</Td>
            <CredentialStateCells
              createdAt={token.created_at}
              lastUsedAt={token.last_used_at}
              revokedAt={token.revoked_at}
            />
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
