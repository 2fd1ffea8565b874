import type { Metadata } from "next";
import { currentActor } from "@/lib/auth/current-actor";
import { newConversationChoices } from "@/lib/chat/new-conversation-choices";
import { openWorkspace } from "@/lib/chat/open-workspace";
import { getContact } from "@/lib/contacts/get-contact";
import { guard } from "@/app/_lib/guard";
import { findContactsToAdd } from "@/app/(chat)/chat/_actions/contacts";
import { startConversation } from "@/app/(chat)/chat/_actions/conversations";
import { NewConversationForm } from "@/components/chat/new-conversation-form";
import { Alert } from "@/components/ui/alert";
import { ApiError } from "@/lib/errors";

/** A refusal (not an id, not found, not a member) is no contact to start with; anything else is a bug. */
function ignoreRefusal(error: unknown): null {
  if (error instanceof ApiError) return null;
  throw error;
}

export const metadata: Metadata = { title: "New conversation" };

// A person starts a conversation: with contacts (or a new one), other members, and the bots authorized from the
// start. Any member may; the conversation opens once it exists. `?contact=ID` (a contact's page) starts with that
// contact chosen (Cancel goes back to it); an id that is not a contact of this workspace is ignored.
export default async function NewConversationPage({
  params,
  searchParams,
}: {
  params: Promise<{ workspace: string }>;
  searchParams: Promise<{ contact?: string | string[] }>;
}) {
  const [{ workspace: slug }, search] = await Promise.all([params, searchParams]);
  const actor = await currentActor(`/chat/${slug}/new`);
  const opened = await guard(openWorkspace(actor, slug));
  if (!opened.ok) return <Alert tone="danger">{opened.error.message}</Alert>;
  const [choices, contact] = await Promise.all([
    newConversationChoices(actor, opened.value.id),
    typeof search.contact === "string" ? getContact(actor, search.contact).catch(ignoreRefusal) : null,
  ]);
  const chosen = contact && contact.workspace_id === opened.value.id ? contact : null;
  return (
    <main id="main" className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-5 sm:px-6">
      <div className="mx-auto max-w-2xl">
        <h1 className="text-lg font-semibold text-slate-900">New conversation</h1>
        <p className="mb-5 mt-1 text-sm text-slate-500">
          You take part in it; bots you add may read and write in it, and every bot message passes the workspace&apos;s
          policy.
        </p>
        <NewConversationForm
          choices={choices}
          initial={
            chosen
              ? {
                  title: "",
                  userIds: [],
                  contacts: [{ id: chosen.id, name: chosen.name }],
                  newContactName: "",
                  botIds: [],
                }
              : undefined
          }
          cancelHref={chosen ? `/chat/${slug}/contacts/${chosen.id}` : `/chat/${slug}`}
          action={startConversation.bind(null, opened.value.id, slug)}
          findContacts={findContactsToAdd.bind(null, opened.value.id)}
        />
      </div>
    </main>
  );
}
