// What a person pastes into their MCP client to reach Relay's MCP server with their token (the settings page shows
// these with the token filled in; docs/guides/mcp-clients.md shows them with a placeholder).
//   - Claude Desktop reads only local (stdio) servers from claude_desktop_config.json, and its remote connectors
//     sign in with OAuth, not a static header: the `mcp-remote` bridge (npm) carries the Authorization header. The
//     header goes through an env variable (`${RELAY_AUTH}`), because some clients split arguments on spaces.
//   - Clients that speak Streamable HTTP themselves (Claude Code, Cursor, VS Code and most IDEs) take the URL and
//     the header directly: `type: "http"`.

export const TOKEN_PLACEHOLDER = "rpt_YOUR_TOKEN";

export function mcpUrl(appUrl: string): string {
  return new URL("/api/mcp", appUrl).toString();
}

const isLocal = (url: URL) => ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);

export function mcpClientConfigs(url: string, token: string = TOKEN_PLACEHOLDER) {
  const parsed = new URL(url);
  // mcp-remote refuses plain http except to localhost unless told.
  const allowHttp = parsed.protocol === "http:" && !isLocal(parsed) ? ["--allow-http"] : [];
  const claudeDesktop = {
    mcpServers: {
      relay: {
        command: "npx",
        args: ["-y", "mcp-remote", url, ...allowHttp, "--header", "Authorization:${RELAY_AUTH}"],
        env: { RELAY_AUTH: `Bearer ${token}` },
      },
    },
  };
  const streamableHttp = {
    mcpServers: { relay: { type: "http", url, headers: { Authorization: `Bearer ${token}` } } },
  };
  return {
    claudeDesktop: JSON.stringify(claudeDesktop, null, 2),
    streamableHttp: JSON.stringify(streamableHttp, null, 2),
    claudeCode: `claude mcp add --transport http relay ${url} --header "Authorization: Bearer ${token}"`,
  };
}

/**
 * The same clients when they sign in by OAuth instead (issue 21): the URL alone. Claude Code and VS Code open the
 * browser for the consent page on first use; Claude's custom connectors (claude.ai, Claude Desktop) connect from
 * Anthropic's servers, so they need an https APP_URL reachable from the internet.
 */
export function oauthClientConfigs(url: string) {
  return {
    claudeCode: `claude mcp add --transport http relay ${url}`,
    vsCode: JSON.stringify({ servers: { relay: { type: "http", url } } }, null, 2),
  };
}
