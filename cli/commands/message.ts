import { postPersonMessage } from "@/lib/messages/post-person-message";
import { submitCardAction } from "@/lib/messages/submit-card-action";
import { id, required, S, str, UsageError, type Command } from "./command";
import { requirePerson } from "./resolve";

export const messageCommands: Record<string, Command> = {
  "message post": {
    usage: "message post --conversation ID --body TEXT --as EMAIL",
    flags: { conversation: S, body: S, as: S },
    run: async (args) => {
      const conversationId = id(str(args, "conversation"), "--conversation");
      const body = required(str(args, "body"), "--body");
      return postPersonMessage(await requirePerson(str(args, "as")), conversationId, body);
    },
  },
  "message action": {
    usage: "message action MESSAGE_ID --key ACTION_KEY [--values JSON] --as EMAIL",
    flags: { key: S, values: S, as: S },
    run: async (args) => {
      const messageId = id(args.positionals[0], "the MESSAGE_ID");
      const actionKey = required(str(args, "key"), "--key");
      const values = parseValues(str(args, "values"));
      return submitCardAction(await requirePerson(str(args, "as")), messageId, { actionKey, values });
    },
  },
};

function parseValues(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // falls through to the usage error
  }
  throw new UsageError(`--values must be a JSON object, got ${text}`);
}
