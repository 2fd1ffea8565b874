"use server";

import { createContact } from "@/lib/contacts/create-contact";
import { findContacts } from "@/lib/contacts/find-contacts";
import { setDoNotContact } from "@/lib/contacts/set-do-not-contact";
import { setContactRouting } from "@/lib/contacts/set-contact-routing";
import { setContactSensitivity, type Sensitivity } from "@/lib/contacts/set-sensitivity";
import { updateContact } from "@/lib/contacts/update-contact";
import { eraseContact } from "@/lib/privacy/erase-contact";
import { requestExport } from "@/lib/privacy/request-export";
import type { FormReader } from "@/app/_lib/form-text";
import { ContactDetails } from "@/lib/schemas/contacts";
import { ContactRoutingForm, contactRoutingFromForm } from "@/lib/schemas/labels";
import type { ContactFormValues, ContactRoutingValues, TypedConfirmValues } from "@/lib/forms/form-state";
import { formAction, plainAction } from "@/app/_lib/action";

// The chat's contacts actions (app/_lib/action.ts says how every action answers).

export const setContactDoNotContact = formAction((contactId: string, on: boolean, path: string) => ({
  path,
  run: async (actor) => {
    await setDoNotContact(actor, { contactId, doNotContact: on });
    return { done: on ? "Marked do-not-contact" : "Do-not-contact removed" };
  },
}));

const contactValues = (form: FormReader): ContactFormValues => ({
  name: form.text("name"),
  email: form.text("email"),
  phone: form.text("phone"),
});

/** A member corrects a contact's details; a refusal keeps what was typed. */
export const saveContact = formAction((contactId: string, path: string) => ({
  path,
  read: contactValues,
  schema: ContactDetails,
  run: async (actor, _details, values) => {
    const { changed } = await updateContact(actor, { contactId, details: values });
    return { done: changed.length ? "Contact saved" : "Nothing to change" };
  },
}));

/** Adds a contact and opens its page; a refusal answers the form with what was typed. */
export const addContact = formAction((workspaceId: string, slug: string) => ({
  path: `/chat/${slug}/contacts`,
  args: { slug },
  read: contactValues,
  schema: ContactDetails,
  run: async (actor, details) => {
    const contact = await createContact(actor, { workspaceId, ...details });
    return { redirect: `/chat/${slug}/contacts/${contact.id}` };
  },
}));

export const setSensitivity = formAction((contactId: string, sensitivity: Sensitivity, path: string) => ({
  path,
  run: async (actor) => {
    await setContactSensitivity(actor, { contactId, sensitivity });
    return { done: sensitivity === "high" ? "Marked sensitive" : "Sensitivity lowered" };
  },
}));

/** An admin sets what policy rules read of a contact (issue 33): its labels and time zone; a refusal keeps what was typed. */
export const saveContactRouting = formAction((contactId: string, path: string) => ({
  path,
  read: (form): ContactRoutingValues => ({ labels: form.text("labels"), timeZone: form.text("timeZone") }),
  schema: ContactRoutingForm,
  schemaInput: contactRoutingFromForm,
  fields: ["labels", "timeZone"] as const,
  run: async (actor, { labels, timeZone }) => {
    await setContactRouting(actor, { contactId, labels, timeZone });
    return { done: "Labels and time zone saved" };
  },
}));

/**
 * An admin erases a contact (issue 38): its name typed again confirms it. The contacts' list opens after, saying so;
 * the erasure's job goes on in the background.
 */
export const eraseContactForm = formAction((contactId: string, slug: string) => ({
  path: `/chat/${slug}/contacts/${contactId}`,
  args: { slug },
  read: (form): TypedConfirmValues => ({ confirm: form.text("confirm") }),
  fields: ["confirm"] as const,
  run: async (actor, _input, { confirm }) => {
    await eraseContact(actor, { contactId, confirm });
    return { redirect: `/chat/${slug}/contacts?erased=1` };
  },
}));

/** An admin asks for an export of everything about a contact (issue 38); the page lists it as it is built. */
export const exportContact = formAction((contactId: string, workspaceId: string, path: string) => ({
  path,
  run: async (actor) => {
    await requestExport(actor, { workspaceId, subjectType: "contact", subjectId: contactId });
    return { done: "Export asked for" };
  },
}));

/** The contacts matching what a person typed in the new-conversation form (nothing for a refusal). */
export const findContactsToAdd = plainAction((workspaceId: string, query: string) => ({
  path: "/chat",
  args: { query },
  run: (actor) => findContacts(actor, { workspaceId, query }),
  refused: () => [],
}));
