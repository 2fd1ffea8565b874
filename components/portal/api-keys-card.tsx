import type { ManagedBot } from "@/lib/bots/list-bots";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import type { FormAction, FormState, IssuedKey, KeyFormValues } from "@/lib/forms/form-state";
import { IssueKeyForm } from "./issue-key-form";
import { CredentialHeaderCells, CredentialNameCell, CredentialStateCells } from "./credential-state-cells";
import { RevokeKeyButton } from "./revoke-key-button";

type RevokeState = FormState<Record<string, never>>;

export function ApiKeysCard({
  keys,
  issueAction,
  revokeActions,
}: {
  keys: ManagedBot["keys"];
  issueAction: FormAction<KeyFormValues, IssuedKey>;
  /** One bound server action per active key id. */
  revokeActions: Record<string, (state: RevokeState) => Promise<RevokeState>>;
}) {
  const active = keys.filter((key) => !key.revoked_at).length;
  return (
    <Card aria-labelledby="keys-title">
      <CardHeader
        id="keys-title"
        title="API keys"
        description={`The bot sends a key as Authorization: Bearer on every request. ${active} active; a bot may hold several, so you can rotate without downtime.`}
      />
      <IssueKeyForm action={issueAction} />
      {keys.length === 0 ? (
        <EmptyState title="No keys">Issue a key to call the API.</EmptyState>
      ) : (
        <Table label="API keys">
          <thead>
            <tr>
              <Th>Key</Th>
              <CredentialHeaderCells />
            </tr>
          </thead>
          <Tbody>
            {keys.map((key) => (
              <tr key={key.id} className={key.revoked_at ? "text-slate-500" : undefined}>
                <CredentialNameCell
                  name={key.name}
                  prefix={key.prefix}
                  scopes={key.scopes}
                  revoked={Boolean(key.revoked_at)}
                />
                <CredentialStateCells
                  createdAt={key.created_at}
                  lastUsedAt={key.last_used_at}
                  revokedAt={key.revoked_at}
                />
                <Td className="text-right">
                  {!key.revoked_at && revokeActions[key.id] && (
                    <RevokeKeyButton action={revokeActions[key.id]!} label={key.name} prefix={key.prefix} />
                  )}
                </Td>
              </tr>
            ))}
          </Tbody>
        </Table>
      )}
    </Card>
  );
}
