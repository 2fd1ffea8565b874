import type { Metadata } from "next";
import Link from "next/link";
import { currentActor } from "@/lib/auth/current-actor";
import { getConversationRouting } from "@/lib/chat/get-conversation-routing";
import { getThread, type ThreadMessage } from "@/lib/chat/get-thread";
import { visibleText } from "@/lib/text/hidden-characters";
import { listWorkspaceBots } from "@/lib/chat/list-workspace-bots";
import { listContactFacts } from "@/lib/memory/list-contact-facts";
import { env } from "@/lib/env";
import { guard } from "@/app/_lib/guard";
import { answerCard, approve, markRead, reject, sendMessage, approvalPasskey } from "@/app/(chat)/chat/_actions/messages";
import { conversationActions } from "@/app/(chat)/chat/_lib/bound-actions";
import { Composer } from "@/components/chat/composer";
import { ConversationDetails } from "@/components/chat/conversation-details";
import { DraftCard } from "@/components/chat/draft-card";
import { FollowUpNote } from "@/components/chat/follow-up-note";
import { LiveThread, type NewestMessage } from "@/components/chat/live-thread";
import { MessageItem } from "@/components/chat/message-item";
import { Alert } from "@/components/ui/alert";
import { Icon } from "@/components/ui/icon";
import { UntrustedText } from "@/components/ui/untrusted-text";

export const metadata: Metadata = { title: "Conversation" };

// One conversation: its messages (bots labelled as bots), what waits for a person's approval in it, its scheduled
// follow-ups, and the composer; beside it, who is in it and the controls over its bots. Live: see LiveThread.
export default async function ConversationPage({ params }: { params: Promise<{ workspace: string; id: string }> }) {
  const { workspace: slug, id } = await params;
  const path = `/chat/${slug}/c/${id}`;
  const actor = await currentActor(path);
  const read = await guard(getThread(actor, id));
  if (!read.ok) {
    return (
      <main id="main" className="p-6">
        <h1 className="sr-only">Conversation</h1>
        <Alert tone="danger" title="You cannot open this conversation">
          {read.error.message}
        </Alert>
      </main>
    );
  }
  const thread = read.value;
  const [bots, contactFacts, routing] = await Promise.all([
    listWorkspaceBots(actor, thread.conversation.workspace_id),
    Promise.all(thread.conversation.contacts.map((c) => listContactFacts(actor, c.id))),
    getConversationRouting(actor, { conversationId: thread.conversation.id }),
  ]);
  const { conversation, viewer } = thread;
  const title = conversation.title ?? "Untitled conversation";
  const answer = (messageId: string) => answerCard.bind(null, messageId, path);
  const details = (
    <ConversationDetails
      thread={thread}
      routing={routing}
      workspaceBots={bots}
      contactFacts={contactFacts}
      workspaceSlug={slug}
      actions={conversationActions(id, path)}
    />
  );
  const notice = conversation.taken_over_by
    ? `${conversation.taken_over_by.id === viewer.id ? "You" : conversation.taken_over_by.name} took over: bot messages here wait for approval.`
    : viewer.opted_out
      ? "You opted out of bot messages here. Send START to opt back in."
      : undefined;

  return (
    <main id="main" className="flex min-h-0 flex-1">
      <div className="flex min-h-0 min-w-0 flex-1 flex-col bg-slate-50">
        <header className="flex shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 sm:px-4">
          <Link
            href={`/chat/${slug}`}
            className="rounded p-1 text-slate-500 hover:bg-slate-100 md:hidden"
            aria-label="All conversations"
          >
            <Icon d="m15 18-6-6 6-6" className="size-5" />
          </Link>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base font-semibold text-slate-900">
              <UntrustedText text={title} />
            </h1>
            <p className="truncate text-xs text-slate-500">
              {[
                ...conversation.contacts.map((c) => c.name),
                ...conversation.bots.filter((b) => b.authorized).map((b) => `@${b.handle}`),
              ].map((name, i) => (
                <span key={i}>
                  {i > 0 && " · "}
                  <UntrustedText text={name} />
                </span>
              ))}
            </p>
          </div>
          {conversation.taken_over_by && (
            <span
              className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
              data-testid="taken-over"
            >
              Taken over
            </span>
          )}
          <details className="relative lg:hidden">
            <summary className="cursor-pointer list-none rounded-md border border-slate-300 px-2.5 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
              Details
            </summary>
            <div className="absolute right-0 z-30 mt-2 max-h-[70dvh] w-80 max-w-[90vw] overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-xl">
              {details}
            </div>
          </details>
        </header>

        <LiveThread
          conversationId={conversation.id}
          lastSeq={thread.last_seq}
          markRead={markRead}
          newest={newestOf(thread.messages, viewer.id)}
          className="flex-1 px-3 py-4 sm:px-6"
        >
          {thread.messages.length === 0 && thread.drafts.length === 0 && (
            <p className="py-10 text-center text-sm text-slate-500">No messages yet. Say hello.</p>
          )}
          <ol className="space-y-4" aria-label="Messages">
            {thread.messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                mine={message.sender.type === "person" && message.sender.id === viewer.id}
                answer={answer(message.id)}
              />
            ))}
          </ol>
          {thread.follow_ups.length > 0 && (
            <ul className="mt-4 space-y-2" aria-label="Follow-ups">
              {thread.follow_ups.map((f) => (
                <FollowUpNote key={f.draft_id} followUp={f} />
              ))}
            </ul>
          )}
          {thread.drafts.length > 0 && (
            <section aria-label="Waiting for approval" className="mt-6 space-y-3">
              <h2 className="text-xs font-semibold uppercase tracking-wide text-amber-800">Waiting for approval</h2>
              {thread.drafts.map((draft) => (
                <DraftCard
                  key={draft.id}
                  draft={draft}
                  approve={approve.bind(null, draft.id, path)}
                  reject={reject.bind(null, draft.id, path)}
                  passkeyOptions={approvalPasskey}
                />
              ))}
            </section>
          )}
        </LiveThread>

        <Composer
          conversationId={conversation.id}
          send={sendMessage.bind(null, conversation.id, path)}
          bots={conversation.bots.filter((b) => b.authorized).map((b) => ({ handle: b.handle, name: b.name }))}
          maxBytes={env().ATTACHMENT_MAX_BYTES}
          notice={notice}
        />
      </div>
      <aside
        aria-label="Conversation details"
        className="hidden w-72 shrink-0 overflow-y-auto border-l border-slate-200 bg-white lg:block"
      >
        {details}
      </aside>
    </main>
  );
}

/** The newest message, as the thread says it aloud when it arrives (LiveThread): its sender and its text's start. */
function newestOf(messages: ThreadMessage[], viewerId: string): NewestMessage | null {
  const last = messages.at(-1);
  if (!last) return null;
  const mine = last.sender.type === "person" && last.sender.id === viewerId;
  // Names and bodies are other people's and bots' text: read aloud as the page shows it (hidden characters named).
  const from = last.sender.type === "system" ? "Relay" : visibleText(last.sender.name);
  const body = visibleText(last.body);
  const text = body.length > 140 ? `${body.slice(0, 140)}…` : body;
  return { seq: last.seq, from, text, mine };
}
