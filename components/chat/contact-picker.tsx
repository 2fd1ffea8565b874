"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { ContactOption } from "@/lib/contacts/find-contacts";
import { Input } from "@/components/ui/field";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { visibleText } from "@/lib/text/hidden-characters";

/** A contact as the form posts it back: its id, and its name so a refused form can show it again. */
export interface ChosenContact {
  id: string;
  name: string;
}

const dncNote = "do not contact: bots cannot message them";

/**
 * Picks contacts by typing a part of their name, email or phone, however many the workspace has: the chosen ones
 * above (each removable), the matches below (each a button), Enter adds the first match. Posts `contactId` and
 * `contactName` per chosen contact.
 */
export function ContactPicker({
  suggestions,
  chosen: initiallyChosen = [],
  find,
}: {
  /** What shows before anything is typed (the contacts most recently talked with). */
  suggestions: ContactOption[];
  chosen?: ChosenContact[];
  find: (query: string) => Promise<ContactOption[]>;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<ChosenContact[]>(initiallyChosen);
  const [query, setQuery] = useState("");
  const [answer, setAnswer] = useState<{ query: string; contacts: ContactOption[] }>({ query: "", contacts: [] });
  const latest = useRef("");
  const found = query.trim() === "" ? { query: "", contacts: suggestions } : answer;
  const searching = found.query !== query.trim();

  useEffect(() => {
    const typed = query.trim();
    latest.current = typed;
    if (typed === "") return;
    // Asked once typing pauses; an answer to an older query than the latest is dropped.
    const timer = setTimeout(() => {
      find(typed).then(
        (contacts) => latest.current === typed && setAnswer({ query: typed, contacts }),
        () => latest.current === typed && setAnswer({ query: typed, contacts: [] }),
      );
    }, 150);
    return () => clearTimeout(timer);
  }, [query, find]);

  const matches = found.contacts.filter((c) => !chosen.some((x) => x.id === c.id));
  const add = (contact: ContactOption) => {
    setChosen((list) => [...list, { id: contact.id, name: contact.name }]);
    setQuery("");
  };

  return (
    <div>
      {chosen.length > 0 && (
        <ul aria-label="Chosen contacts" className="mb-2 flex flex-wrap gap-1.5">
          {chosen.map((contact) => (
            <li
              key={contact.id}
              className="flex min-w-0 max-w-full items-center gap-1 rounded-full bg-indigo-50 py-0.5 pl-3 pr-1 text-sm text-indigo-900"
            >
              <UntrustedText text={contact.name} className="min-w-0" />
              <input type="hidden" name="contactId" value={contact.id} />
              <input type="hidden" name="contactName" value={contact.name} />
              <button
                type="button"
                aria-label={`Remove ${visibleText(contact.name)}`}
                onClick={() => setChosen((list) => list.filter((x) => x.id !== contact.id))}
                className="rounded-full px-1.5 text-indigo-500 hover:bg-indigo-100 hover:text-indigo-800 focus:outline-none focus:ring-2 focus:ring-indigo-500/40"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={`${id}-find`} className="sr-only">
        Find a contact
      </label>
      <Input
        id={`${id}-find`}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault(); // Enter picks a contact here; it does not send the form
          if (matches[0] && !searching) add(matches[0]);
        }}
        placeholder="Find a contact by name, email or phone"
        autoComplete="off"
        aria-describedby={`${id}-matches`}
      />
      <div id={`${id}-matches`} aria-live="polite" className="mt-1">
        {matches.length === 0 ? (
          <p className="py-1 text-xs text-slate-500">
            {searching
              ? "Searching…"
              : found.query
                ? `No other contact matches “${visibleText(found.query)}”. Add them as a new contact below.`
                : "No other contacts yet."}
          </p>
        ) : (
          <ul aria-label={found.query ? `Contacts matching ${visibleText(found.query)}` : "Recent contacts"}>
            {matches.map((contact) => (
              <li key={contact.id}>
                <button
                  type="button"
                  onClick={() => add(contact)}
                  className="flex w-full items-baseline gap-2 rounded px-2 py-1 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none"
                >
                  <span className="text-indigo-600" aria-hidden="true">
                    +
                  </span>
                  <span className="min-w-0">
                    <UntrustedText text={contact.name} />
                  </span>
                  {contact.detail && (
                    <span className="min-w-0 truncate text-xs text-slate-500">
                      <UntrustedText text={contact.detail} />
                    </span>
                  )}
                  {contact.do_not_contact && <span className="text-xs text-amber-700">{dncNote}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
