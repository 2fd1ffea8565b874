import Link from "next/link";
import type { ReactNode } from "react";
import type { ConversationRouting } from "@/lib/chat/get-conversation-routing";
import type { Thread } from "@/lib/chat/get-thread";
import type { WorkspaceBot } from "@/lib/chat/list-workspace-bots";
import { Badge } from "@/components/ui/badge";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { ActionButton } from "./action-button";
import type {
  ButtonAction,
  ContactRoutingValues,
  ConversationLabelsValues,
  FormAction,
} from "@/lib/forms/form-state";
import { AddBotForm } from "./add-bot-form";
import { ContactControls, ContactMarks, type ContactControlActions } from "./contact-controls";
import { ContactFactsPanel, type FactActions } from "./contact-facts";
import type { ContactFacts } from "@/lib/memory/list-contact-facts";
import { ContactRoutingForm, ConversationLabelsForm } from "./routing-forms";
import { ContactRoutingView, LabelBadges } from "./routing-labels";

/** The controls' server actions, bound to the conversation by the page: each call gives the action of one control. */
export interface ConversationActions {
  /** Takes the conversation over (true) or releases it to bots (false). */
  setTakenOver: (on: boolean) => ButtonAction;
  /** Opts the viewer out (true, STOP) or back in (false, START). */
  setOptedOut: (optedOut: boolean) => ButtonAction;
  setBotBlocked: (botId: string, blocked: boolean) => ButtonAction;
  dropBot: (botId: string) => ButtonAction;
  addBot: FormAction<unknown>;
  contact: (contactId: string) => ContactControlActions;
  facts: FactActions;
  /** Sets the conversation's labels (an admin). */
  setLabels: FormAction<ConversationLabelsValues>;
  /** Sets a contact's labels and time zone (an admin). */
  setContactRouting: (contactId: string) => FormAction<ContactRoutingValues>;
}

/**
 * Who is in a conversation and the controls people hold over its bots: take over, STOP/START, do-not-contact,
 * block, add and remove bots; the labels and time zones policy rules read (an admin changes them). Each control
 * says what it will do; each refusal is shown beside it.
 */
export function ConversationDetails({
  thread,
  routing,
  workspaceBots,
  contactFacts,
  workspaceSlug,
  actions,
}: {
  thread: Thread;
  routing: ConversationRouting;
  workspaceBots: WorkspaceBot[];
  contactFacts: ContactFacts[];
  workspaceSlug: string;
  actions: ConversationActions;
}) {
  const { conversation, viewer } = thread;
  const id = conversation.id;
  const takenByMe = conversation.taken_over_by?.id === viewer.id;
  const addable = workspaceBots.filter(
    (b) => b.status !== "stopped" && !conversation.bots.some((c) => c.id === b.id && c.authorized),
  );
  const statusOf = new Map(workspaceBots.map((b) => [b.id, b]));
  const admin = viewer.role === "admin";

  return (
    <div className="min-w-0 space-y-6 p-4 text-sm">
      <section aria-labelledby={`${id}-control`}>
        <h2 id={`${id}-control`} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          Control
        </h2>
        {conversation.taken_over_by ? (
          <div className="mt-2 space-y-2">
            <p className="text-slate-700">
              {takenByMe ? (
                "You took over"
              ) : (
                <>
                  <UntrustedText text={conversation.taken_over_by.name} /> took over
                </>
              )}
              : bot messages here wait for a person&apos;s approval.
            </p>
            <ActionButton action={actions.setTakenOver(false)}>Release to bots</ActionButton>
          </div>
        ) : (
          <div className="mt-2 space-y-2">
            <p className="text-slate-600">Take over to hold every bot message here for approval.</p>
            <ActionButton action={actions.setTakenOver(true)} testId="take-over">
              Take over
            </ActionButton>
          </div>
        )}
        <div className="mt-3 space-y-2">
          {viewer.opted_out ? (
            <>
              <p className="text-slate-700">You opted out: bots cannot message you here.</p>
              <ActionButton action={actions.setOptedOut(false)}>Opt back in (START)</ActionButton>
            </>
          ) : (
            <ActionButton action={actions.setOptedOut(true)} variant="danger-ghost">
              Stop bot messages (STOP)
            </ActionButton>
          )}
        </div>
      </section>

      <section aria-labelledby={`${id}-labels`}>
        <h2 id={`${id}-labels`} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          Labels
        </h2>
        <div className="mt-2 space-y-2">
          <LabelBadges labels={routing.labels} label="Conversation labels" />
          {admin ? (
            <Disclosure summary="Change labels">
              <ConversationLabelsForm labels={routing.labels} action={actions.setLabels} />
            </Disclosure>
          ) : (
            <p className="text-xs text-slate-500">Policy rules may match on them; an admin changes them.</p>
          )}
        </div>
      </section>

      <section aria-labelledby={`${id}-bots`}>
        <h2 id={`${id}-bots`} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          Bots
        </h2>
        {conversation.bots.length === 0 && <p className="mt-2 text-slate-500">No bot is authorized here.</p>}
        <ul className="mt-2 space-y-3">
          {conversation.bots.map((bot) => {
            const status = statusOf.get(bot.id)?.status ?? bot.status;
            return (
              <li key={bot.id} className="space-y-1.5" data-testid="conversation-bot">
                <p className="flex flex-wrap items-center gap-1.5">
                  <span className="min-w-0 font-medium text-slate-900">
                    <UntrustedText text={bot.name} />
                  </span>
                  <span className="min-w-0 text-slate-500">
                    @<UntrustedText text={bot.handle} />
                  </span>
                  {status !== "active" && <Badge tone={status === "stopped" ? "red" : "yellow"}>{status}</Badge>}
                  {bot.blocked && <Badge tone="red">blocked here</Badge>}
                  {!bot.authorized && <Badge>removed</Badge>}
                </p>
                <div className="flex flex-wrap gap-2">
                  <ActionButton
                    action={actions.setBotBlocked(bot.id, !bot.blocked)}
                    variant={bot.blocked ? "secondary" : "danger-ghost"}
                  >
                    {bot.blocked ? "Unblock" : "Block here"}
                  </ActionButton>
                  {bot.authorized && viewer.participant && (
                    <ActionButton action={actions.dropBot(bot.id)} variant="ghost">
                      Remove
                    </ActionButton>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        {viewer.participant && <AddBotForm bots={addable} action={actions.addBot} />}
      </section>

      <section aria-labelledby={`${id}-contacts`}>
        <h2 id={`${id}-contacts`} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          Contacts and what we know
        </h2>
        {conversation.contacts.length === 0 && <p className="mt-2 text-slate-500">No contact is linked.</p>}
        <ul className="mt-2 space-y-2">
          {conversation.contacts.map((contact) => (
            <li key={contact.id} className="space-y-1.5">
              <p className="flex flex-wrap items-center gap-1.5">
                <Link
                  href={`/chat/${workspaceSlug}/contacts/${contact.id}`}
                  className="min-w-0 font-medium text-slate-900 hover:text-indigo-700 hover:underline"
                >
                  <UntrustedText text={contact.name} />
                </Link>
                <ContactMarks contact={contact} />
              </p>
              <ContactControls contact={contact} viewerRole={viewer.role} actions={actions.contact(contact.id)} />
              <ContactRouting
                contactId={contact.id}
                routing={routing.contacts[contact.id]}
                admin={admin}
                action={actions.setContactRouting}
              />
              {contactFacts
                .filter((f) => f.contact.id === contact.id)
                .map((facts) => (
                  <ContactFactsPanel
                    key={facts.contact.id}
                    facts={facts}
                    workspaceSlug={workspaceSlug}
                    actions={actions.facts}
                  />
                ))}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${id}-people`}>
        <h2 id={`${id}-people`} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          People
        </h2>
        <ul className="mt-2 space-y-1">
          {conversation.people.map((p) => (
            <li key={p.id} className="wrap-anywhere text-slate-700">
              <UntrustedText text={p.name} />{" "}
              <span className="text-slate-500">
                @<UntrustedText text={p.handle} />
              </span>
              {p.id === viewer.id && <span className="text-slate-500"> (you)</span>}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** A contact's labels and time zone beside the conversation, and an admin's form for them behind a disclosure. */
function ContactRouting({
  contactId,
  routing,
  admin,
  action,
}: {
  contactId: string;
  routing: ConversationRouting["contacts"][string] | undefined;
  admin: boolean;
  action: ConversationActions["setContactRouting"];
}) {
  const labels = routing?.labels ?? [];
  const timeZone = routing?.time_zone ?? null;
  return (
    <div className="space-y-2">
      <ContactRoutingView labels={labels} timeZone={timeZone} />
      {admin && (
        <Disclosure summary="Change labels and time zone">
          <ContactRoutingForm labels={labels} timeZone={timeZone} action={action(contactId)} />
        </Disclosure>
      )}
    </div>
  );
}

/** A form tucked away in the narrow pane: a native disclosure, opened by keyboard or pointer. */
function Disclosure({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details>
      <summary className="w-fit cursor-pointer rounded text-xs font-medium text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
        {summary}
      </summary>
      <div className="mt-2">{children}</div>
    </details>
  );
}
