import { createPersonalToken } from "@/lib/tokens/create-token";
import { listPersonalTokens } from "@/lib/tokens/list-tokens";
import { revokePersonalToken } from "@/lib/tokens/revoke-token";
import { id, list, M, S, str, type Command } from "./command";
import { requirePerson, workspaceBySlug } from "./resolve";

// A person's access tokens for their AI assistant (MCP at /api/mcp): always their own, so --as is required.
export const tokenCommands: Record<string, Command> = {
  "token create": {
    usage: "token create --workspace SLUG --name NAME [--scope read|write ...] --as EMAIL",
    flags: { workspace: S, name: S, scope: M, as: S },
    run: async (args) => {
      const actor = await requirePerson(str(args, "as"));
      const workspace = await workspaceBySlug(str(args, "workspace"));
      const scopes = list(args, "scope").flatMap((scope) =>
        scope
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      );
      return createPersonalToken(actor, { workspaceId: workspace.id, name: str(args, "name") ?? "", scopes });
    },
  },
  "token list": {
    usage: "token list --as EMAIL",
    flags: { as: S },
    run: async (args) => ({ data: await listPersonalTokens(await requirePerson(str(args, "as"))) }),
  },
  "token revoke": {
    usage: "token revoke TOKEN_ID --as EMAIL",
    flags: { as: S },
    run: async (args) => {
      const tokenId = id(args.positionals[0], "TOKEN_ID");
      return revokePersonalToken(await requirePerson(str(args, "as")), tokenId);
    },
  },
};
