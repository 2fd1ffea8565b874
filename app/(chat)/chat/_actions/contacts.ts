"use server";

import { currentActor } from "@/lib/auth/current-actor";
import { createContact } from "@/lib/contacts/create-contact";
import { findContacts, type ContactOption } from "@/lib/contacts/find-contacts";
import { setDoNotContact } from "@/lib/contacts/set-do-not-contact";
import { setContactSensitivity, type Sensitivity } from "@/lib/contacts/set-sensitivity";
import { updateContact } from "@/lib/contacts/update-contact";
import { ApiError } from "@/lib/errors";
import { ContactDetails } from "@/lib/schemas/contacts";
import { actionText, formText } from "@/app/_lib/form-text";
import type { ActionState, ContactFormState, ContactFormValues } from "@/lib/forms/form-state";
import { run, refusedText } from "@/app/(chat)/chat/_lib/run-action";
import { redirectInApp } from "@/app/_lib/redirect";

// The chat's contacts actions (app/(chat)/chat/_lib/run-action.ts says how every chat action answers).

export async function setContactDoNotContact(
  contactId: string,
  on: boolean,
  path: string,
  state: ActionState,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    await setDoNotContact(actor, contactId, on);
    return on ? "Marked do-not-contact" : "Do-not-contact removed";
  });
}

const contactValues = (formData: FormData): ContactFormValues => ({
  name: formText(formData, "name"),
  email: formText(formData, "email"),
  phone: formText(formData, "phone"),
});

/** A member corrects a contact's details; a refusal keeps what was typed. */
export async function saveContact(
  contactId: string,
  path: string,
  state: ContactFormState,
  formData: FormData,
): Promise<ContactFormState> {
  let values: ContactFormValues;
  try {
    values = contactValues(formData);
  } catch (error) {
    return refusedText(state.n + 1, error);
  }
  const parsed = ContactDetails.safeParse(values);
  if (!parsed.success) return { n: state.n + 1, values, error: parsed.error.issues[0]!.message };
  const answer = await run(state, path, async (actor) => {
    const { changed } = await updateContact(actor, contactId, values);
    return changed.length ? "Contact saved" : "Nothing to change";
  });
  return answer.error ? { ...answer, values } : answer;
}

/** Adds a contact and opens its page; a refusal answers the form with what was typed. */
export async function addContact(
  workspaceId: string,
  slug: string,
  state: ContactFormState,
  formData: FormData,
): Promise<ContactFormState> {
  const actor = await currentActor(`/chat/${slug}/contacts`);
  const n = state.n + 1;
  let values: ContactFormValues;
  try {
    actionText(slug, "slug");
    values = contactValues(formData);
  } catch (error) {
    return refusedText(n, error);
  }
  const parsed = ContactDetails.safeParse(values);
  if (!parsed.success) return { n, values, error: parsed.error.issues[0]!.message };
  let contactId: string;
  try {
    contactId = (await createContact(actor, { workspaceId, ...parsed.data })).id;
  } catch (error) {
    if (error instanceof ApiError) return { n, values, error: error.message };
    throw error;
  }
  redirectInApp(`/chat/${slug}/contacts/${contactId}`);
}

export async function setSensitivity(
  contactId: string,
  sensitivity: Sensitivity,
  path: string,
  state: ActionState,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    await setContactSensitivity(actor, contactId, sensitivity);
    return sensitivity === "high" ? "Marked sensitive" : "Sensitivity lowered";
  });
}

/** The contacts matching what a person typed in the new-conversation form (nothing for a refusal). */
export async function findContactsToAdd(workspaceId: string, query: string): Promise<ContactOption[]> {
  const actor = await currentActor();
  try {
    return await findContacts(actor, workspaceId, actionText(query, "query"));
  } catch (error) {
    if (error instanceof ApiError) return [];
    throw error;
  }
}
