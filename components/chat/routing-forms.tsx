"use client";

import { useActionState, useId } from "react";
import { Alert } from "@/components/ui/alert";
import { describedBy, Field, Input } from "@/components/ui/field";
import type { ContactRoutingValues, ConversationLabelsValues, FormAction, FormState } from "@/lib/forms/form-state";
import { SaveRow } from "./save-footer";
import { TimeZoneInput } from "./time-zone-input";

// An admin's forms for what policy rules read (issue 33): a contact's labels and time zone (on its page and beside a
// conversation), a conversation's labels (beside it). Labels are typed as one text, separated by commas; the server
// lowercases them, drops repeats and sorts them. A refusal is shown beside its field with what was typed kept. Ids
// come from useId: the conversation's details are rendered twice (the phone's menu and the wide screen's pane).

const LABELS_HINT = "Separated by commas, e.g. vip, legal. Rules compare them without case.";

/** A contact's labels and time zone; empty zone: not known. */
export function ContactRoutingForm({
  labels,
  timeZone,
  action,
}: {
  labels: string[];
  timeZone: string | null;
  action: FormAction<ContactRoutingValues>;
}) {
  const [state, formAction, pending] = useActionState<FormState<ContactRoutingValues>, FormData>(action, { n: 0 });
  const id = useId();
  const v = state.values ?? { labels: labels.join(", "), timeZone: timeZone ?? "" };
  const errors = state.fieldErrors ?? {};
  return (
    // Remounted after each answer so the fields show what was saved, or what was typed when it was refused.
    <form action={formAction} key={state.n} className="space-y-3">
      {state.error && <Alert tone="danger">{state.error}</Alert>}
      <Field id={`${id}-labels`} label="Labels" optional hint={LABELS_HINT} error={errors.labels}>
        <Input
          id={`${id}-labels`}
          name="labels"
          defaultValue={v.labels}
          invalid={!!errors.labels}
          autoComplete="off"
          {...describedBy(`${id}-labels`, { error: errors.labels, hint: true })}
        />
      </Field>
      <Field
        id={`${id}-zone`}
        label="Time zone"
        optional
        hint="Where the contact is, e.g. Europe/Berlin. Empty: not known; rules then use the workspace's time zone."
        error={errors.timeZone}
      >
        <TimeZoneInput
          id={`${id}-zone`}
          name="timeZone"
          defaultValue={v.timeZone}
          invalid={!!errors.timeZone}
          {...describedBy(`${id}-zone`, { error: errors.timeZone, hint: true })}
        />
      </Field>
      <SaveRow pending={pending} done={state.error ? undefined : state.done}>
        Save labels and time zone
      </SaveRow>
    </form>
  );
}

/** A conversation's labels. */
export function ConversationLabelsForm({
  labels,
  action,
}: {
  labels: string[];
  action: FormAction<ConversationLabelsValues>;
}) {
  const [state, formAction, pending] = useActionState<FormState<ConversationLabelsValues>, FormData>(action, {
    n: 0,
  });
  const id = useId();
  const v = state.values ?? { labels: labels.join(", ") };
  const error = state.fieldErrors?.labels;
  return (
    <form action={formAction} key={state.n} className="space-y-3">
      {state.error && <Alert tone="danger">{state.error}</Alert>}
      <Field id={`${id}-labels`} label="Conversation labels" optional hint={LABELS_HINT} error={error}>
        <Input
          id={`${id}-labels`}
          name="labels"
          defaultValue={v.labels}
          invalid={!!error}
          autoComplete="off"
          {...describedBy(`${id}-labels`, { error, hint: true })}
        />
      </Field>
      <SaveRow pending={pending} done={state.error ? undefined : state.done}>
        Save labels
      </SaveRow>
    </form>
  );
}
