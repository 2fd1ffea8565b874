import type { Metadata } from "next";
import Link from "next/link";
import { currentActor } from "@/lib/auth/current-actor";
import { openWorkspace } from "@/lib/chat/open-workspace";
import { findContacts } from "@/lib/contacts/find-contacts";
import { guard } from "@/app/_lib/guard";
import { addContact } from "@/app/(chat)/chat/_actions/contacts";
import { ContactMarks } from "@/components/chat/contact-controls";
import { ContactForm } from "@/components/chat/contact-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { plural } from "@/components/ui/format";
import { UntrustedText } from "@/components/ui/untrusted-text";

export const metadata: Metadata = { title: "Contacts" };

const PAGE = 50;

function summary(count: number, q: string): string {
  if (count === 0)
    return q ? `No contact matches “${q}”.` : "No contacts yet: add one above, or with a new conversation.";
  if (q)
    return count === PAGE
      ? `The first ${PAGE} matching “${q}”: type more to narrow.`
      : `${plural(count, { one: "contact" })} matching “${q}”, names that start with it first.`;
  return count === PAGE
    ? `The ${PAGE} most recently talked with: type to find the others.`
    : `${plural(count, { one: "contact" })}, the most recently talked with first.`;
}

// The workspace's contacts, found by a part of a name, email or phone; with nothing typed, the most recently talked
// with first; a member adds one here (or with a new conversation). Each opens its page: details, the marks that limit
// bots, what we know, the conversations with them.
export default async function ContactsPage({
  params,
  searchParams,
}: {
  params: Promise<{ workspace: string }>;
  searchParams: Promise<{ q?: string | string[]; erased?: string | string[] }>;
}) {
  const [{ workspace: slug }, search] = await Promise.all([params, searchParams]);
  const q = typeof search.q === "string" ? search.q.trim() : "";
  const actor = await currentActor(`/chat/${slug}/contacts`);
  const opened = await guard(openWorkspace(actor, slug));
  if (!opened.ok) return <Alert tone="danger">{opened.error.message}</Alert>;
  // What was typed can be refused (the text rule): said in words, with nothing found.
  const found = await guard(findContacts(actor, { workspaceId: opened.value.id, query: q, limit: PAGE }));
  const contacts = found.ok ? found.value : [];

  return (
    <main id="main" className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-5 sm:px-6">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-lg font-semibold text-slate-900">Contacts</h1>
        {search.erased === "1" && (
          <Alert tone="success" title="The contact was erased" className="mt-3">
            Its details and facts are gone. The content of its conversations is being removed now, and the bots that
            took part are told to delete their copies.
          </Alert>
        )}
        <p className="mt-1 text-sm text-slate-500">
          The people outside the workspace your conversations are with, and what bots may do and know about them.
        </p>
        <details className="group mt-4 rounded-xl border border-slate-200 bg-white shadow-sm">
          <summary className="cursor-pointer list-none rounded-xl px-5 py-3 text-sm font-medium text-indigo-700 hover:bg-slate-50 group-open:rounded-b-none group-open:border-b group-open:border-slate-200">
            <span aria-hidden className="mr-1 inline-block transition-transform group-open:rotate-45">
              +
            </span>{" "}
            Add a contact
          </summary>
          <ContactForm action={addContact.bind(null, opened.value.id, slug)} submitLabel="Add contact" />
        </details>
        <form role="search" className="mt-4 flex gap-2" action={`/chat/${slug}/contacts`}>
          <label htmlFor="contact-search" className="sr-only">
            Find a contact
          </label>
          <Input
            id="contact-search"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            placeholder="Find by name, email or phone"
          />
          <Button type="submit" variant="secondary">
            Find
          </Button>
        </form>
        <p className="mt-3 text-xs text-slate-500" aria-live="polite">
          {found.ok ? summary(contacts.length, q) : found.error.message}
        </p>
        {contacts.length > 0 && (
          <ul
            aria-label="Contacts"
            className="mt-2 divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white"
          >
            {contacts.map((contact) => (
              <li key={contact.id}>
                <Link
                  href={`/chat/${slug}/contacts/${contact.id}`}
                  className="flex flex-wrap items-center gap-x-2 gap-y-1 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none"
                >
                  <span className="min-w-0 font-medium text-slate-900">
                    <UntrustedText text={contact.name} />
                  </span>
                  {contact.detail && (
                    <span className="min-w-0 text-sm text-slate-500">
                      <UntrustedText text={contact.detail} />
                    </span>
                  )}
                  <ContactMarks contact={contact} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
