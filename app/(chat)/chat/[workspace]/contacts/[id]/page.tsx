import type { Metadata } from "next";
import Link from "next/link";
import { currentActor } from "@/lib/auth/current-actor";
import { openWorkspace } from "@/lib/chat/open-workspace";
import { getContact } from "@/lib/contacts/get-contact";
import { listContactFacts } from "@/lib/memory/list-contact-facts";
import { guard } from "@/app/_lib/guard";
import { eraseContactForm, exportContact, saveContact, saveContactRouting } from "@/app/(chat)/chat/_actions/contacts";
import { listExports } from "@/lib/privacy/request-export";
import { AskButton, ExportList } from "@/components/privacy/exports";
import { StepUpNotice } from "@/app/_lib/step-up-notice";
import { TypeToConfirmForm } from "@/components/chat/type-to-confirm-form";
import { contactActions, factActions } from "@/app/(chat)/chat/_lib/bound-actions";
import { ContactControls, ContactMarks } from "@/components/chat/contact-controls";
import { ContactFactsPanel } from "@/components/chat/contact-facts";
import { ContactForm } from "@/components/chat/contact-form";
import { ContactRoutingForm } from "@/components/chat/routing-forms";
import { ContactRoutingView } from "@/components/chat/routing-labels";
import { Time } from "@/components/chat/time";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { plural } from "@/components/ui/format";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { visibleText } from "@/lib/text/hidden-characters";

export const metadata: Metadata = { title: "Contact" };

// One contact: its details (any member corrects them), the marks that limit bots, the labels and time zone the
// workspace's policy rules read (an admin changes them), what we know about it (the same facts panel as beside a
// conversation), and the conversations with it that the viewer may open.
export default async function ContactPage({ params }: { params: Promise<{ workspace: string; id: string }> }) {
  const { workspace: slug, id } = await params;
  const path = `/chat/${slug}/contacts/${id}`;
  const actor = await currentActor(path);
  const opened = await guard(openWorkspace(actor, slug));
  if (!opened.ok) return <Alert tone="danger">{opened.error.message}</Alert>;
  const found = await guard(Promise.all([getContact(actor, id), listContactFacts(actor, id)]));
  if (!found.ok || found.value[0].workspace_id !== opened.value.id) {
    return (
      <main id="main" className="p-6">
        <Alert tone="danger" title="No such contact here">
          {found.ok ? "This contact belongs to another workspace." : found.error.message}{" "}
          <Link href={`/chat/${slug}/contacts`} className="font-medium underline">
            All contacts
          </Link>
        </Alert>
      </main>
    );
  }
  const [contact, facts] = found.value;

  return (
    <main id="main" className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-5 sm:px-6">
      <div className="mx-auto max-w-3xl space-y-5">
        <div>
          <Link href={`/chat/${slug}/contacts`} className="text-sm text-indigo-700 hover:underline">
            ← Contacts
          </Link>
          <h1 className="mt-1 flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
            <UntrustedText text={contact.name} className="min-w-0" />
            <ContactMarks contact={contact} />
          </h1>
          {contact.do_not_contact && (
            <p className="mt-1 text-sm text-slate-600">
              Every bot message to <UntrustedText text={contact.name} /> is blocked
              {contact.do_not_contact_by ? `: marked by ${contact.do_not_contact_by}` : ""}
              {contact.do_not_contact_at && (
                <>
                  {" "}
                  <Time iso={contact.do_not_contact_at} />
                </>
              )}
              .
            </p>
          )}
        </div>

        <Card aria-labelledby="contact-details">
          <CardHeader id="contact-details" title="Details" />
          <ContactForm contact={contact} action={saveContact.bind(null, contact.id, path)} />
        </Card>

        <Card aria-labelledby="contact-bots">
          <CardHeader
            id="contact-bots"
            title="What bots may do"
            description="Do-not-contact blocks every bot message in conversations with this contact; sensitive keeps what we know from bots without the right key."
          />
          <CardBody className="space-y-2 text-sm">
            <ContactControls
              contact={contact}
              viewerRole={opened.value.role}
              actions={contactActions(contact.id, path)}
            />
          </CardBody>
        </Card>

        <Card aria-labelledby="contact-routing">
          <CardHeader
            id="contact-routing"
            title="What rules read"
            description="The workspace's policy rules may hold or block bot messages by a contact's labels, and keep to hours on its clock."
          />
          <CardBody className="space-y-4">
            <ContactRoutingView labels={contact.labels} timeZone={contact.time_zone} />
            {opened.value.role === "admin" ? (
              <ContactRoutingForm
                labels={contact.labels}
                timeZone={contact.time_zone}
                action={saveContactRouting.bind(null, contact.id, path)}
              />
            ) : (
              <p className="text-xs text-slate-500">An admin can change them.</p>
            )}
          </CardBody>
        </Card>

        <Card aria-labelledby="contact-memory">
          <CardHeader
            id="contact-memory"
            title="What we know"
            description="Facts people confirmed (only these reach bots), and what bots proposed."
          />
          <CardBody className="text-sm">
            <ContactFactsPanel facts={facts} workspaceSlug={slug} actions={factActions(path)} />
          </CardBody>
        </Card>

        <Card aria-labelledby="contact-conversations">
          <CardHeader
            id="contact-conversations"
            title="Conversations"
            actions={
              <ButtonLink href={`/chat/${slug}/new?contact=${contact.id}`} variant="secondary" size="sm">
                New conversation with <UntrustedText text={contact.name} />
              </ButtonLink>
            }
          />
          {contact.conversations.length === 0 ? (
            <CardBody className="text-sm text-slate-500">
              {contact.other_conversations > 0 ? (
                <>
                  {plural(contact.other_conversations, { one: "conversation" })} with{" "}
                  <UntrustedText text={contact.name} />, none of them yours.
                </>
              ) : (
                <>
                  No conversation with <UntrustedText text={contact.name} /> yet.
                </>
              )}
            </CardBody>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={`Conversations with ${visibleText(contact.name)}`}>
              {contact.conversations.map((c) => (
                <li key={c.id}>
                  <Link
                    href={`/chat/${slug}/c/${c.id}`}
                    className="flex items-baseline justify-between gap-3 px-5 py-3 text-sm hover:bg-slate-50"
                  >
                    <span className="min-w-0 truncate font-medium text-slate-900">
                      {c.title ? <UntrustedText text={c.title} /> : "Untitled conversation"}
                    </span>
                    <Time iso={c.last_message_at} className="shrink-0 text-xs text-slate-500" />
                  </Link>
                </li>
              ))}
              {contact.other_conversations > 0 && (
                <li className="px-5 py-3 text-xs text-slate-500">
                  And {plural(contact.other_conversations, { one: "conversation" })} you do not take part in.
                </li>
              )}
            </ul>
          )}
        </Card>

        {opened.value.role === "admin" && (
          <Card aria-labelledby="contact-export">
            <CardHeader
              id="contact-export"
              title="Export everything about this contact"
              description="For a request to see or take one's data: an archive of JSON Lines files (the contact, its facts and consent, its conversations' messages, drafts and policy decisions) and its files, with a README. Built in the background; the link works for you, for 7 days."
            />
            <CardBody className="space-y-3">
              <AskButton
                label="Export this contact"
                action={exportContact.bind(null, contact.id, opened.value.id, path)}
              />
              <ExportList
                exports={await listExports(actor, { workspaceId: opened.value.id, subjectId: contact.id })}
                label={`Exports of ${visibleText(contact.name)}`}
              />
            </CardBody>
          </Card>
        )}

        {opened.value.role === "admin" && (
          <Card aria-labelledby="contact-erase">
            <CardHeader
              id="contact-erase"
              title="Erase this contact"
              description="For a request to be forgotten. The contact, its facts and its files are deleted, and the content of every conversation with it (messages, drafts, notifications, webhook payloads) is removed for good; the conversations stay, empty, with their history of who wrote when. Every bot that took part is told to delete its copies. This cannot be undone."
            />
            <CardBody className="space-y-3">
              <StepUpNotice actor={actor} workspaceId={opened.value.id} purpose="change" />
              <TypeToConfirmForm
                expected={contact.name}
                label="Type the contact's name to confirm"
                button="Erase this contact"
                busy="Erasing…"
                action={eraseContactForm.bind(null, contact.id, slug)}
              />
            </CardBody>
          </Card>
        )}
      </div>
    </main>
  );
}
