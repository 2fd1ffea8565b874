"use client";

import { useActionState } from "react";
import type { NewConversationChoices } from "@/lib/chat/new-conversation-choices";
import type { ContactOption } from "@/lib/contacts/find-contacts";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardFooter } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { ContactPicker } from "./contact-picker";
import type { NewConversationState, NewConversationValues } from "@/lib/forms/form-state";

interface Item {
  id: string;
  label: string;
  note?: string;
}

/** Checkboxes named `name`, one per item, ticked when the person had chosen them. */
function Choices({ name, items, chosen }: { name: string; items: Item[]; chosen?: string[] }) {
  return items.map((item) => (
    <label key={item.id} className="flex items-start gap-2.5 py-1 text-sm text-slate-800">
      <input
        type="checkbox"
        name={name}
        value={item.id}
        defaultChecked={chosen?.includes(item.id) ?? false}
        className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
      />
      <span className="min-w-0">
        <UntrustedText text={item.label} />
        {item.note && (
          <span className="ml-1.5 text-xs text-slate-500">
            <UntrustedText text={item.note} />
          </span>
        )}
      </span>
    </label>
  ));
}

function Group({ legend, hint, children }: { legend: string; hint: string; children: React.ReactNode }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p className="mt-0.5 text-xs text-slate-500">{hint}</p>
      <div className="mt-2">{children}</div>
    </fieldset>
  );
}

export function NewConversationForm({
  choices,
  initial,
  cancelHref,
  action,
  findContacts,
}: {
  choices: NewConversationChoices;
  /** What the form starts with (a contact chosen on its page). */
  initial?: NewConversationValues;
  cancelHref: string;
  action: (state: NewConversationState, formData: FormData) => Promise<NewConversationState>;
  findContacts: (query: string) => Promise<ContactOption[]>;
}) {
  const [state, formAction, pending] = useActionState(action, { n: 0 });
  const v = state.values ?? initial;
  return (
    // Remounted after each refused submission so the fields show what was sent (React resets a form after its action).
    <form action={formAction} key={state.n}>
      <Card>
        <CardBody className="space-y-6">
          {state.error && <Alert tone="danger">{state.error}</Alert>}
          <Field id="title" label="Title" optional hint="What it is about, as the conversation list shows it.">
            <Input
              id="title"
              name="title"
              maxLength={200}
              defaultValue={v?.title}
              placeholder="Order #1042 with Carla"
            />
          </Field>
          <Group
            legend="Contacts"
            hint="The people outside the workspace this conversation is with. Bots read what they may know about them."
          >
            <ContactPicker suggestions={choices.contacts} chosen={v?.contacts} find={findContacts} />
            <Field id="newContactName" label="Or a new contact" optional className="mt-2">
              <Input
                id="newContactName"
                name="newContactName"
                maxLength={200}
                defaultValue={v?.newContactName}
                placeholder="Their name"
              />
            </Field>
          </Group>
          {choices.people.length > 0 && (
            <Group legend="People" hint="Members of the workspace who take part with you.">
              <Choices
                name="userId"
                chosen={v?.userIds}
                items={choices.people.map((p) => ({ id: p.id, label: p.name, note: `@${p.handle}` }))}
              />
            </Group>
          )}
          <Group
            legend="Bots"
            hint="Authorized here from the start: they may read and write in this conversation, under the workspace's policy."
          >
            {choices.bots.length === 0 ? (
              <p className="text-sm text-slate-500">The workspace has no bot that can talk yet.</p>
            ) : (
              <Choices
                name="botId"
                chosen={v?.botIds}
                items={choices.bots.map((b) => ({
                  id: b.id,
                  label: b.name,
                  note: `@${b.handle}${b.status === "paused" ? " · paused: its messages wait for approval" : ""}`,
                }))}
              />
            )}
          </Group>
        </CardBody>
        <CardFooter>
          <ButtonLink href={cancelHref} variant="ghost">
            Cancel
          </ButtonLink>
          <Button type="submit" disabled={pending}>
            {pending ? "Starting…" : "Start conversation"}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
