import { z } from "zod";
import { setDoNotContact as setMark } from "@/lib/contacts/set-do-not-contact";
import { SENSITIVITIES, setContactSensitivity as setSensitivity } from "@/lib/contacts/set-sensitivity";
import { contactId } from "../inputs";
import { defineTool } from "../tool";

// The two marks on a contact that limit bots, set as the person would in the chat (with the same rights).

const MARK = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false } as const;

export const setDoNotContact = defineTool({
  name: "set_do_not_contact",
  title: "Mark a contact do-not-contact, or clear the mark",
  description:
    "With do_not_contact true, every bot message in the workspace's conversations with this contact is blocked " +
    "(403 policy_blocked, reason do_not_contact) until someone clears the mark; false clears it. Any member may do " +
    "either; setting what is already set changes nothing.",
  scope: "write",
  input: {
    contact_id: contactId,
    do_not_contact: z.boolean().describe("true to mark the contact, false to clear the mark"),
  },
  ids: { contact_id: "contact" },
  untrusted: false,
  annotations: MARK,
  run: ({ actor }, { contact_id, do_not_contact }) =>
    setMark(actor, { contactId: contact_id, doNotContact: do_not_contact }),
});

export const setContactSensitivity = defineTool({
  name: "set_contact_sensitivity",
  title: "Set a contact's sensitivity",
  description:
    "high: what we know about the contact (context pack, memory search, facts) is then read only by bots whose key " +
    "has the memory:sensitive scope. Any member may raise it to high; only a workspace admin may lower it to normal " +
    "(others get forbidden). Setting what is already set changes nothing.",
  scope: "write",
  input: {
    contact_id: contactId,
    sensitivity: z.enum(SENSITIVITIES).describe("normal or high"),
  },
  ids: { contact_id: "contact" },
  untrusted: false,
  annotations: MARK,
  run: ({ actor }, { contact_id, sensitivity }) => setSensitivity(actor, { contactId: contact_id, sensitivity }),
});
