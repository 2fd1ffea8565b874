import { describe, expect, it } from "vitest";
import { mcpClientConfigs, mcpUrl, oauthClientConfigs } from "./client-config";

describe("MCP client configuration", () => {
  it("fills in the URL and the token: Claude Desktop through mcp-remote, the rest over Streamable HTTP", () => {
    const url = mcpUrl("https://relay.example.com");
    expect(url).toBe("https://relay.example.com/api/mcp");
    const configs = mcpClientConfigs(url, "rpt_abc");
    expect(JSON.parse(configs.claudeDesktop)).toEqual({
      mcpServers: {
        relay: {
          command: "npx",
          args: ["-y", "mcp-remote", url, "--header", "Authorization:${RELAY_AUTH}"],
          env: { RELAY_AUTH: "Bearer rpt_abc" },
        },
      },
    });
    expect(JSON.parse(configs.streamableHttp)).toEqual({
      mcpServers: { relay: { type: "http", url, headers: { Authorization: "Bearer rpt_abc" } } },
    });
    expect(configs.claudeCode).toBe(
      `claude mcp add --transport http relay ${url} --header "Authorization: Bearer rpt_abc"`,
    );
  });

  it("lets mcp-remote use plain http only where it would refuse it (not localhost)", () => {
    expect(
      JSON.parse(mcpClientConfigs("http://localhost:3000/api/mcp").claudeDesktop).mcpServers.relay.args,
    ).not.toContain("--allow-http");
    expect(JSON.parse(mcpClientConfigs("http://relay.lan/api/mcp").claudeDesktop).mcpServers.relay.args).toContain(
      "--allow-http",
    );
  });

  it("signing in by OAuth needs the URL alone: no token, no header", () => {
    const url = mcpUrl("https://relay.example.com");
    const configs = oauthClientConfigs(url);
    expect(configs.claudeCode).toBe(`claude mcp add --transport http relay ${url}`);
    expect(JSON.parse(configs.vsCode)).toEqual({ servers: { relay: { type: "http", url } } });
  });
});
