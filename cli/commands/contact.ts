import { setContactRouting } from "@/lib/contacts/set-contact-routing";
import { createContact } from "@/lib/contacts/create-contact";
import { serializeContact } from "@/lib/contacts/serialize-contact";
import { setDoNotContact } from "@/lib/contacts/set-do-not-contact";
import { SENSITIVITIES, setContactSensitivity } from "@/lib/contacts/set-sensitivity";
import { eraseContact } from "@/lib/privacy/erase-contact";
import { runErasure } from "@/lib/privacy/run-erasure";
import { B, bool, id, list, M, oneOf, required, S, str, type Command } from "./command";
import { actorFrom, requirePerson, workspaceBySlug } from "./resolve";

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
  "contact erase": {
    usage: "contact erase CONTACT_ID --confirm NAME [--wait] [--as EMAIL]   (the contact's name, typed again)",
    flags: { confirm: S, wait: B, as: S },
    run: async (args) => {
      const contactId = id(args.positionals[0], "CONTACT_ID");
      const started = await eraseContact(await actorFrom(str(args, "as")), {
        contactId,
        confirm: required(str(args, "confirm"), "--confirm"),
      });
      // --wait: the erasure's job runs here to its end (a deployment without a worker); else the worker runs it.
      if (!bool(args, "wait")) return started;
      await runErasure(started.erasure_id);
      return { ...started, status: "done" };
    },
  },
  "contact labels": {
    usage: "contact labels CONTACT_ID [--label TEXT]... [--time-zone ZONE|none] --as EMAIL",
    flags: { label: M, "time-zone": S, as: S },
    run: async (args) => {
      const contactId = id(args.positionals[0], "CONTACT_ID");
      const zone = str(args, "time-zone");
      // Without --label the labels stay; `--label ""` alone clears them.
      const labels = args.flags.label === undefined ? undefined : list(args, "label").filter((l) => l.trim() !== "");
      return setContactRouting(await requirePerson(str(args, "as")), {
        contactId,
        labels,
        timeZone: zone === undefined ? undefined : zone === "none" ? null : zone,
      });
    },
  },
};
