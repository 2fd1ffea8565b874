import { optIn, optOut } from "@/lib/consent/set-opt-out";
import { B, bool, id, S, str, type Command } from "./command";
import { requirePerson } from "./resolve";

const contact = (value: string | undefined) => (value === undefined ? undefined : id(value, "--contact"));

export const consentCommands: Record<string, Command> = {
  optout: {
    usage: "optout --conversation ID --as EMAIL [--contact ID] [--everywhere]",
    flags: { conversation: S, as: S, contact: S, everywhere: B },
    run: async (args) => {
      const conversationId = id(str(args, "conversation"), "--conversation");
      const options = { contactId: contact(str(args, "contact")), everywhere: bool(args, "everywhere") };
      return optOut(await requirePerson(str(args, "as")), { conversationId, ...options });
    },
  },
  optin: {
    usage: "optin --conversation ID --as EMAIL [--contact ID]",
    flags: { conversation: S, as: S, contact: S },
    run: async (args) => {
      const conversationId = id(str(args, "conversation"), "--conversation");
      return optIn(await requirePerson(str(args, "as")), { conversationId, contactId: contact(str(args, "contact")) });
    },
  },
};
