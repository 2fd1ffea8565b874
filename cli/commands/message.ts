import { postPersonMessage } from "@/lib/messages/post-person-message";
import { id, required, S, str, type Command } from "./command";
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
};
