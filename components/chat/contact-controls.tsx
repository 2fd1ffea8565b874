import { setContactDoNotContact, setSensitivity } from "@/app/(chat)/chat/_actions/contacts";
import type { Sensitivity } from "@/lib/contacts/set-sensitivity";
import { Badge } from "@/components/ui/badge";
import { ActionButton } from "./action-button";

interface MarkedContact {
  id: string;
  name: string;
  do_not_contact: boolean;
  sensitivity: Sensitivity;
}

/** The contact's marks as badges, wherever the contact is named. */
export function ContactMarks({ contact }: { contact: MarkedContact }) {
  return (
    <>
      {contact.do_not_contact && <Badge tone="red">do not contact</Badge>}
      {contact.sensitivity === "high" && <Badge tone="yellow">sensitive</Badge>}
    </>
  );
}

/**
 * The marks people put on a contact that limit bots: do-not-contact (any member sets and clears it) and sensitive
 * (any member raises it, only an admin lowers it), beside the conversation and on the contact's page.
 */
export function ContactControls({
  contact,
  viewerRole,
  path,
}: {
  contact: MarkedContact;
  viewerRole: "admin" | "member";
  path: string;
}) {
  return (
    <>
      <div className="flex flex-wrap items-start gap-1.5">
        <ActionButton
          action={setContactDoNotContact.bind(null, contact.id, !contact.do_not_contact, path)}
          variant={contact.do_not_contact ? "secondary" : "danger-ghost"}
        >
          {contact.do_not_contact ? "Allow bot messages" : "Mark do-not-contact"}
        </ActionButton>
        {contact.sensitivity === "normal" ? (
          <ActionButton action={setSensitivity.bind(null, contact.id, "high", path)} variant="ghost">
            Mark sensitive
          </ActionButton>
        ) : (
          viewerRole === "admin" && (
            <ActionButton action={setSensitivity.bind(null, contact.id, "normal", path)} variant="ghost">
              Lower sensitivity
            </ActionButton>
          )
        )}
      </div>
      {contact.sensitivity === "high" && (
        <p className="text-xs text-slate-500">
          Only bots whose key may read sensitive memory see what we know about {contact.name}.
          {viewerRole !== "admin" && " An admin can lower this."}
        </p>
      )}
    </>
  );
}
