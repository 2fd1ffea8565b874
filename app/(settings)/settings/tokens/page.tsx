import type { Metadata } from "next";
import { currentActor } from "@/lib/auth/current-actor";
import { listPersonWorkspaces } from "@/lib/chat/list-workspaces";
import { env } from "@/lib/env";
import { mcpClientConfigs, mcpUrl, oauthClientConfigs } from "@/lib/mcp/client-config";
import { listPersonalTokens } from "@/lib/tokens/list-tokens";
import { listOAuthGrants } from "@/lib/oauth/list-grants";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyField } from "@/components/ui/copy-field";
import { PageHeader } from "@/components/ui/page-header";
import { CreateTokenForm } from "@/components/settings/create-token-form";
import { McpConfig, OAuthConnect } from "@/components/settings/mcp-config";
import { TokensTable } from "@/components/settings/tokens-table";
import { ConnectedAssistantsTable } from "@/components/settings/connected-assistants-table";
import { revokeActionsFor } from "@/app/_lib/revoke-actions";
import { StepUpNotice } from "@/app/_lib/step-up-notice";
import { createToken, revokeGrant, revokeToken } from "../_actions";

export const metadata: Metadata = { title: "Access tokens" };

// A person's access tokens for their AI assistant (MCP), and how to configure the assistant with one.
export default async function TokensPage() {
  const actor = await currentActor("/settings/tokens");
  const [workspaces, tokens, grants] = await Promise.all([
    listPersonWorkspaces(actor),
    listPersonalTokens(actor),
    listOAuthGrants(actor),
  ]);
  const url = mcpUrl(env().APP_URL);
  const revokeActions = revokeActionsFor(tokens, (id) => revokeToken.bind(null, id));
  const revokeGrantActions = revokeActionsFor(grants, (id) => revokeGrant.bind(null, id));
  return (
    <>
      <PageHeader
        title="Access tokens"
        description="Let your AI assistant (Claude, an IDE, any MCP client) work in Relay as you, connected by signing in or with a token: read conversations, see what waits for approval, and, with the write scope, approve with care. Everything it does is recorded as done by you through your assistant."
      />
      <div className="space-y-6">
        <Card aria-labelledby="create-title">
          <CardHeader
            id="create-title"
            title="Create a token"
            description="A token works in one workspace, with your rights there. Revoke it here at any time: it stops working at once."
          />
          <div className="px-5 pt-4 empty:hidden sm:px-6">
            <StepUpNotice actor={actor} purpose="grant" />
          </div>
          <CreateTokenForm action={createToken} workspaces={workspaces} />
        </Card>
        <Card aria-labelledby="tokens-title">
          <CardHeader id="tokens-title" title="Your tokens" />
          <TokensTable tokens={tokens} revokeActions={revokeActions} />
        </Card>
        <Card aria-labelledby="connected-title">
          <CardHeader
            id="connected-title"
            title="Connected assistants"
            description="Assistants you allowed by signing in (OAuth), each in one workspace with the scopes you chose. Revoke one here: it is refused at once and must ask you again."
          />
          <ConnectedAssistantsTable grants={grants} revokeActions={revokeGrantActions} />
        </Card>
        <Card aria-labelledby="connect-title">
          <CardHeader
            id="connect-title"
            title="Connect your assistant"
            description="A client that signs in (OAuth) needs the URL alone and opens this browser for you to allow it. The token snippets are shown with your token filled in right after you create one; otherwise put it where they say rpt_YOUR_TOKEN."
          />
          <CardBody className="space-y-5">
            <CopyField id="mcp-url" label="MCP server URL (Streamable HTTP)" value={url} />
            <h3 className="text-sm font-semibold text-slate-900">Signing in (recommended)</h3>
            <OAuthConnect configs={oauthClientConfigs(url)} />
            <h3 className="border-t border-slate-100 pt-5 text-sm font-semibold text-slate-900">With a token</h3>
            <McpConfig configs={mcpClientConfigs(url)} idPrefix="connect" />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
