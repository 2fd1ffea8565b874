import { createBot } from "@/lib/bots/create-bot";
import { updateBot } from "@/lib/bots/update-bot";
import { warningText } from "@/lib/text/name-warnings";
import { pingBot } from "@/lib/webhooks/ping-bot";
import { rotateSigningSecret } from "@/lib/webhooks/rotate-signing-secret";
import { setBotStatus, type BotStatus } from "@/lib/bots/set-bot-status";
import { authorizeBot, removeBot } from "@/lib/conversations/authorize-bot";
import { blockBot, unblockBot } from "@/lib/conversations/block-bot";
import { B, bool, id, required, S, str, wholeNumber, type Command } from "./command";
import { actorFrom, botByHandle, requirePerson, workspaceBySlug } from "./resolve";

const statusVerbs: Record<string, BotStatus> = { pause: "paused", stop: "stopped", resume: "active" };

const statusCommands = Object.fromEntries(
  Object.entries(statusVerbs).map(([verb, status]): [string, Command] => [
    `bot ${verb}`,
    {
      usage: `bot ${verb} HANDLE [--reason TEXT] [--as EMAIL]`,
      flags: { reason: S, as: S },
      run: async (args) => {
        const bot = await botByHandle(args.positionals[0]);
        return setBotStatus(await actorFrom(str(args, "as")), { botId: bot.id, status, reason: str(args, "reason") });
      },
    },
  ]),
);

const conversationActions = {
  block: blockBot,
  unblock: unblockBot,
  authorize: async (...a: Parameters<typeof authorizeBot>) => {
    const { authorization, created } = await authorizeBot(...a);
    return { conversation_id: authorization.conversationId, bot_id: authorization.botId, authorized: true, changed: created };
  },
  remove: removeBot,
};

const conversationCommands = Object.fromEntries(
  Object.entries(conversationActions).map(([verb, action]): [string, Command] => [
    `bot ${verb}`,
    {
      usage: `bot ${verb} HANDLE --conversation ID --as EMAIL`,
      flags: { conversation: S, as: S },
      run: async (args) => {
        const conversationId = id(str(args, "conversation"), "--conversation");
        const actor = await requirePerson(str(args, "as"));
        const bot = await botByHandle(args.positionals[0]);
        return action(actor, { conversationId, botId: bot.id });
      },
    },
  ]),
);

export const botCommands: Record<string, Command> = {
  "bot create": {
    usage: "bot create --workspace SLUG --handle HANDLE --name NAME [--webhook-url URL] [--events T1,T2] [--established] [--as EMAIL]",
    flags: { workspace: S, handle: S, name: S, "webhook-url": S, events: S, established: B, as: S },
    run: async (args) => {
      const input = {
        handle: required(str(args, "handle"), "--handle"),
        name: required(str(args, "name"), "--name"),
        webhookUrl: str(args, "webhook-url") ?? null,
        eventTypes: str(args, "events")?.split(",").map((type) => type.trim()).filter(Boolean),
        established: bool(args, "established"),
      };
      const actor = await actorFrom(str(args, "as"));
      const ws = await workspaceBySlug(str(args, "workspace"));
      const { bot, apiKey, apiKeyId, signingSecret, warnings, nameWarnings } = await createBot(actor, { ...input, workspaceId: ws.id });
      return {
        id: bot.id,
        handle: bot.handle,
        name: bot.name,
        workspace_id: bot.workspaceId,
        webhook_url: bot.webhookUrl,
        event_types: bot.eventTypes,
        api_key: apiKey,
        api_key_id: apiKeyId,
        signing_secret: signingSecret,
        established: input.established,
        warnings,
        // Registered all the same (issue 31): what people may mistake about the name, to read right after saving.
        name_warnings: nameWarnings.map(warningText),
      };
    },
  },
  "bot update": {
    usage: "bot update HANDLE [--name NAME] [--webhook-url URL|\"\"] [--events T1,T2] [--as EMAIL]",
    flags: { name: S, "webhook-url": S, events: S, as: S },
    run: async (args) => {
      const bot = await botByHandle(args.positionals[0]);
      return updateBot(await actorFrom(str(args, "as")), {
        botId: bot.id,
        name: str(args, "name"),
        webhookUrl: str(args, "webhook-url"),
        eventTypes: str(args, "events")
          ?.split(",")
          .map((type) => type.trim())
          .filter(Boolean),
      });
    },
  },
  "bot ping": {
    usage: "bot ping HANDLE [--as EMAIL]",
    flags: { as: S },
    run: async (args) => pingBot(await actorFrom(str(args, "as")), (await botByHandle(args.positionals[0])).id),
  },
  "bot rotate-secret": {
    usage: "bot rotate-secret HANDLE [--overlap-minutes N] [--as EMAIL]",
    flags: { "overlap-minutes": S, as: S },
    run: async (args) => {
      const bot = await botByHandle(args.positionals[0]);
      const overlapMinutes = wholeNumber(str(args, "overlap-minutes"), "--overlap-minutes");
      return rotateSigningSecret(await actorFrom(str(args, "as")), { botId: bot.id, overlapMinutes });
    },
  },
  ...statusCommands,
  ...conversationCommands,
};
