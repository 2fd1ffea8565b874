// What the token form's server action answers (FormState of components/portal/form-state.ts).

export interface TokenFormValues {
  workspaceId: string;
  name: string;
  write: boolean;
}

export interface CreatedToken {
  token: string;
  name: string;
  prefix: string;
  scopes: string[];
  workspace: { slug: string; name: string };
  /** The MCP client configurations with this token filled in (lib/mcp/client-config.ts). */
  configs: { claudeDesktop: string; streamableHttp: string; claudeCode: string };
}
