import { issueApiKey, revokeApiKey } from "@/lib/bots/issue-api-key";
import { id, list, M, S, str, type Command } from "./command";
import { actorFrom, botByHandle } from "./resolve";

export const keyCommands: Record<string, Command> = {
  "key create": {
    usage: "key create --bot HANDLE [--name NAME] [--scope memory:sensitive ...] [--as EMAIL]",
    flags: { bot: S, name: S, scope: M, as: S },
    run: async (args) => {
      const actor = await actorFrom(str(args, "as"));
      const bot = await botByHandle(str(args, "bot"), "--bot HANDLE");
      return {
        bot_id: bot.id,
        ...(await issueApiKey(actor, { botId: bot.id, name: str(args, "name"), scopes: list(args, "scope") })),
      };
    },
  },
  "key revoke": {
    usage: "key revoke KEY_ID [--as EMAIL]",
    flags: { as: S },
    run: async (args) => {
      const keyId = id(args.positionals[0], "KEY_ID");
      return revokeApiKey(await actorFrom(str(args, "as")), keyId);
    },
  },
};
