import type { Sensitivity } from "@/lib/contacts/set-sensitivity";
import { Badge } from "@/components/ui/badge";
import { ActionButton } from "./action-button";
import type { ButtonAction } from "@/lib/forms/form-state";

/** What the controls do, bound to the contact by the page: each call gives the server action of one button. */
export interface ContactControlActions {
  /** Marks the contact do-not-contact (true), or takes the mark off (false). */
  setDoNotContact: (on: boolean) => ButtonAction;
  /** Raises the contact's sensitivity to "high", or lowers it to "normal" (an admin). */
  setSensitivity: (sensitivity: Sensitivity) => ButtonAction;
}

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
  actions,
}: {
  contact: MarkedContact;
  viewerRole: "admin" | "member";
  actions: ContactControlActions;
}) {
  return (
    <>
      <div className="flex flex-wrap items-start gap-1.5">
        <ActionButton
          action={actions.setDoNotContact(!contact.do_not_contact)}
          variant={contact.do_not_contact ? "secondary" : "danger-ghost"}
        >
          {contact.do_not_contact ? "Allow bot messages" : "Mark do-not-contact"}
        </ActionButton>
        {contact.sensitivity === "normal" ? (
          <ActionButton action={actions.setSensitivity("high")} variant="ghost">
            Mark sensitive
          </ActionButton>
        ) : (
          viewerRole === "admin" && (
            <ActionButton action={actions.setSensitivity("normal")} variant="ghost">
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
