import type { Metadata } from "next";
import { currentActor } from "@/lib/auth/current-actor";
import { listPersonWorkspaces } from "@/lib/chat/list-workspaces";
import { env } from "@/lib/env";
import { mcpClientConfigs, mcpUrl } from "@/lib/mcp/client-config";
import { listPersonalTokens } from "@/lib/tokens/list-tokens";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyField } from "@/components/ui/copy-field";
import { PageHeader } from "@/components/ui/page-header";
import { CreateTokenForm } from "@/components/settings/create-token-form";
import { McpConfig } from "@/components/settings/mcp-config";
import { TokensTable } from "@/components/settings/tokens-table";
import { createToken, revokeToken } from "../_actions";

export const metadata: Metadata = { title: "Access tokens" };

// A person's access tokens for their AI assistant (MCP), and how to configure the assistant with one.
export default async function TokensPage() {
  const actor = await currentActor("/settings/tokens");
  const [workspaces, tokens] = await Promise.all([listPersonWorkspaces(actor), listPersonalTokens(actor)]);
  const url = mcpUrl(env().APP_URL);
  const revokeActions = Object.fromEntries(
    tokens.filter((t) => !t.revoked_at).map((t) => [t.id, revokeToken.bind(null, t.id)]),
  );
  return (
    <>
      <PageHeader
        title="Access tokens"
        description="Let your AI assistant (Claude Desktop, an IDE, any MCP client) work in Relay as you: read conversations, see what waits for approval, and, with the write scope, approve with care. Everything it does is recorded as done by you through your assistant."
      />
      <div className="space-y-6">
        <Card aria-labelledby="create-title">
          <CardHeader
            id="create-title"
            title="Create a token"
            description="A token works in one workspace, with your rights there. Revoke it here at any time: it stops working at once."
          />
          <CreateTokenForm action={createToken} workspaces={workspaces} />
        </Card>
        <Card aria-labelledby="tokens-title">
          <CardHeader id="tokens-title" title="Your tokens" />
          <TokensTable tokens={tokens} revokeActions={revokeActions} />
        </Card>
        <Card aria-labelledby="connect-title">
          <CardHeader
            id="connect-title"
            title="Connect your assistant"
            description="Right after you create a token, these are shown with it filled in. Otherwise, put your token where it says rpt_YOUR_TOKEN."
          />
          <CardBody className="space-y-5">
            <CopyField id="mcp-url" label="MCP server URL (Streamable HTTP)" value={url} />
            <McpConfig configs={mcpClientConfigs(url)} idPrefix="connect" />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
