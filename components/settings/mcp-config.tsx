import { CodeBlock, InlineCode } from "@/components/ui/code-block";

/** How to point an MCP client at Relay: Claude Desktop (through mcp-remote), Claude Code, any Streamable HTTP client. */
export function McpConfig({
  configs,
  idPrefix,
}: {
  configs: { claudeDesktop: string; streamableHttp: string; claudeCode: string };
  idPrefix: string;
}) {
  return (
    <div className="space-y-5 text-sm text-slate-600">
      <div className="space-y-2">
        <h3 id={`${idPrefix}-desktop`} className="font-medium text-slate-900">
          Claude Desktop
        </h3>
        <p>
          Add to <InlineCode>claude_desktop_config.json</InlineCode> (Settings → Developer → Edit Config), then quit and
          reopen Claude. Claude Desktop runs local servers only, so the <InlineCode>mcp-remote</InlineCode> bridge
          (Node.js) carries your token to Relay.
        </p>
        <CodeBlock
          code={configs.claudeDesktop}
          title="claude_desktop_config.json"
          copy
          label="Claude Desktop configuration"
        />
      </div>
      <div className="space-y-2">
        <h3 className="font-medium text-slate-900">Claude Code</h3>
        <CodeBlock code={configs.claudeCode} title="terminal" copy label="Claude Code command" />
      </div>
      <div className="space-y-2">
        <h3 className="font-medium text-slate-900">Any Streamable HTTP client (Cursor, VS Code, other IDEs)</h3>
        <p>
          The server speaks MCP&apos;s Streamable HTTP transport; send the token as{" "}
          <InlineCode>Authorization: Bearer …</InlineCode>. Most clients take this shape (VS Code names the top key{" "}
          <InlineCode>servers</InlineCode>).
        </p>
        <CodeBlock code={configs.streamableHttp} title="mcp.json" copy label="Streamable HTTP configuration" />
      </div>
    </div>
  );
}

/** The clients that sign in by OAuth: the URL alone; the consent page asks the person on first use. */
export function OAuthConnect({ configs }: { configs: { claudeCode: string; vsCode: string } }) {
  return (
    <div className="space-y-5 text-sm text-slate-600">
      <div className="space-y-2">
        <h3 className="font-medium text-slate-900">Claude (claude.ai, Claude Desktop)</h3>
        <p>
          Settings → Connectors → Add custom connector, paste the server URL above, then Connect: Relay asks you to sign
          in and allow it. Claude connects from the internet, so this needs Relay at a public https address.
        </p>
      </div>
      <div className="space-y-2">
        <h3 className="font-medium text-slate-900">Claude Code</h3>
        <p>
          Then run <InlineCode>/mcp</InlineCode> in Claude Code and choose Authenticate.
        </p>
        <CodeBlock code={configs.claudeCode} title="terminal" copy label="Claude Code command, signing in" />
      </div>
      <div className="space-y-2">
        <h3 className="font-medium text-slate-900">VS Code</h3>
        <p>
          In <InlineCode>.vscode/mcp.json</InlineCode>; VS Code offers to sign in when the server first answers 401.
        </p>
        <CodeBlock code={configs.vsCode} title=".vscode/mcp.json" copy label="VS Code configuration, signing in" />
      </div>
    </div>
  );
}
