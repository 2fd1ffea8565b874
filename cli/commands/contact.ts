import { createContact } from "@/lib/contacts/create-contact";
import { serializeContact } from "@/lib/contacts/serialize-contact";
import { setDoNotContact } from "@/lib/contacts/set-do-not-contact";
import { SENSITIVITIES, setContactSensitivity } from "@/lib/contacts/set-sensitivity";
import { id, oneOf, required, S, str, type Command } from "./command";
import { requirePerson, workspaceBySlug } from "./resolve";

export const contactCommands: Record<string, Command> = {
  "contact create": {
    usage: "contact create --workspace SLUG --name NAME [--email EMAIL] [--phone PHONE] [--sensitivity normal|high] --as EMAIL",
    flags: { workspace: S, name: S, email: S, phone: S, sensitivity: S, as: S },
    run: async (args) => {
      const name = required(str(args, "name"), "--name");
      const sensitivity = oneOf(str(args, "sensitivity") ?? "normal", {
        choices: SENSITIVITIES,
        what: "--sensitivity",
      });
      const actor = await requirePerson(str(args, "as"));
      const ws = await workspaceBySlug(str(args, "workspace"));
      const contact = await createContact(actor, {
        workspaceId: ws.id,
        name,
        email: str(args, "email"),
        phone: str(args, "phone"),
        sensitivity,
      });
      return serializeContact(contact);
    },
  },
  "contact dnc": {
    usage: "contact dnc CONTACT_ID on|off --as EMAIL",
    flags: { as: S },
    run: async (args) => {
      const contactId = id(args.positionals[0], "CONTACT_ID");
      const value = oneOf(args.positionals[1], { choices: ["on", "off"] as const, what: "on|off" });
      return setDoNotContact(await requirePerson(str(args, "as")), { contactId, doNotContact: value === "on" });
    },
  },
  "contact sensitivity": {
    usage: "contact sensitivity CONTACT_ID normal|high --as EMAIL",
    flags: { as: S },
    run: async (args) => {
      const contactId = id(args.positionals[0], "CONTACT_ID");
      const value = oneOf(args.positionals[1], { choices: SENSITIVITIES, what: "normal|high" });
      return setContactSensitivity(await requirePerson(str(args, "as")), { contactId, sensitivity: value });
    },
  },
};
