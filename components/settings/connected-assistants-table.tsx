import type { OAuthGrantView } from "@/lib/oauth/list-grants";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import type { FormState } from "@/lib/forms/form-state";
import {
  CredentialHeaderCells,
  CredentialNameCell,
  CredentialStateCells,
} from "@/components/portal/credential-state-cells";
import { ConfirmRevokeButton } from "@/components/portal/confirm-revoke-button";
import { NameWarningNotes } from "@/components/ui/name-warnings";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { visibleText } from "@/lib/text/hidden-characters";

type RevokeState = FormState<Record<string, never>>;

/** The assistants the person connected by OAuth: client, where it answered, workspace, scopes, last use; revocable. */
export function ConnectedAssistantsTable({
  grants,
  revokeActions,
}: {
  grants: OAuthGrantView[];
  /** One bound server action per active grant id. */
  revokeActions: Record<string, (state: RevokeState) => Promise<RevokeState>>;
}) {
  if (grants.length === 0)
    return (
      <EmptyState title="No assistant connected">
        Give an MCP client the server URL below: it asks you to sign in and allow it here.
      </EmptyState>
    );
  return (
    <Table label="Connected assistants">
      <thead>
        <tr>
          <Th>Assistant</Th>
          <Th>Workspace</Th>
          <CredentialHeaderCells created="Connected" />
        </tr>
      </thead>
      <Tbody>
        {grants.map((grant) => (
          <tr key={grant.id} className={grant.revoked_at ? "text-slate-500" : undefined} data-testid="grant-row">
            <CredentialNameCell
              name={grant.client_name}
              detail={
                <>
                  <span className="text-xs">via {grant.redirect_host || "an unknown host"}</span>
                  <NameWarningNotes warnings={grant.name_warnings} />
                </>
              }
              scopes={grant.scopes}
              revoked={Boolean(grant.revoked_at)}
              scopeTone={(scope) => (scope === "write" ? "yellow" : "indigo")}
            />
            <Td className="whitespace-nowrap">
              <UntrustedText text={grant.workspace.name} />
            </Td>
            <CredentialStateCells
              createdAt={grant.created_at}
              lastUsedAt={grant.last_used_at}
              revokedAt={grant.revoked_at}
            />
            <Td className="text-right">
              {!grant.revoked_at && revokeActions[grant.id] && (
                <ConfirmRevokeButton
                  action={revokeActions[grant.id]!}
                  openLabel={`Revoke access of ${visibleText(grant.client_name)}`}
                  confirmLabel={`Confirm revoking ${visibleText(grant.client_name)}: its requests are refused at once`}
                  confirmText="Revoke access"
                  consequence={`${visibleText(grant.client_name)} is refused at once and must ask you again`}
                />
              )}
            </Td>
          </tr>
        ))}
      </Tbody>
    </Table>
  );
}
