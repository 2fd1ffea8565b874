"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { CardBody } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { SaveFooter } from "./save-footer";
import type { ContactFormState } from "@/lib/forms/form-state";

/** A contact's name, email and phone: a new contact's, or an existing one's, corrected by any member. */
export function ContactForm({
  contact = { name: "", email: null, phone: null },
  action,
  submitLabel = "Save contact",
}: {
  contact?: { name: string; email: string | null; phone: string | null };
  action: (state: ContactFormState, formData: FormData) => Promise<ContactFormState>;
  submitLabel?: string;
}) {
  const [state, formAction, pending] = useActionState(action, { n: 0 });
  const v = state.values ?? { name: contact.name, email: contact.email ?? "", phone: contact.phone ?? "" };
  return (
    // Remounted after each answer so the fields show what was saved, or what was typed when it was refused.
    <form action={formAction} key={state.n}>
      <CardBody className="space-y-4">
        {state.error && <Alert tone="danger">{state.error}</Alert>}
        <Field id="contact-name" label="Name">
          <Input id="contact-name" name="name" required maxLength={200} defaultValue={v.name} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="contact-email" label="Email" optional>
            <Input id="contact-email" name="email" type="email" maxLength={320} defaultValue={v.email} />
          </Field>
          <Field id="contact-phone" label="Phone" optional>
            <Input id="contact-phone" name="phone" type="tel" maxLength={40} defaultValue={v.phone} />
          </Field>
        </div>
      </CardBody>
      <SaveFooter state={state} pending={pending} label={submitLabel} />
    </form>
  );
}
