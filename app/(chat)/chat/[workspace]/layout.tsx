import Link from "next/link";
import { readingUpToNow } from "@/lib/db/replicas";
import { countPendingAgentRequests } from "@/lib/agents/list-pending-agent-requests";
import { signedInPerson } from "@/lib/auth/session";
import { listPersonConversations } from "@/lib/chat/list-conversations";
import { listPersonWorkspaces } from "@/lib/chat/list-workspaces";
import { openWorkspace } from "@/lib/chat/open-workspace";
import { person } from "@/lib/people/actor";
import { twoFactorStanding } from "@/lib/factors/enforcement";
import { demoTour } from "@/lib/seed/demo-tour";
import { dismissTour } from "@/app/(chat)/chat/_actions/tour";
import { guard } from "@/app/_lib/guard";
import { ChatNav } from "@/components/chat/chat-nav";
import { ChatPanes } from "@/components/chat/chat-panes";
import { ConversationList } from "@/components/chat/conversation-list";
import { DemoTour } from "@/components/chat/demo-tour";
import { PushOptIn } from "@/components/chat/push-opt-in";
import { WorkspaceSwitcher } from "@/components/chat/workspace-switcher";
import { WorkspaceLive } from "@/components/chat/workspace-live";
import { RelayMark } from "@/components/portal/relay-mark";
import { SignOutButton } from "@/components/portal/sign-out-button";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";

// The chat of one workspace: its header (workspace switcher, sections, the person), the conversation list and the
// page. Pages call currentActor(theirPath) so signed-out people come back to them after signing in; the layout only
// draws the chrome. A live change re-renders the layout too, so unread counts and waiting drafts stay current.
export default async function WorkspaceChatLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ workspace: string }>;
}) {
  const me = await signedInPerson();
  if (!me) return children;
  const { workspace: slug } = await params;
  const actor = person(me.id, "web");
  const opened = await guard(openWorkspace(actor, slug));
  if (!opened.ok) {
    return (
      <main id="main" className="mx-auto max-w-xl space-y-4 px-4 py-10">
        <h1 className="sr-only">Workspace</h1>
        <Alert tone="danger" title="You cannot open this workspace">
          {opened.error.message}
        </Alert>
        <ButtonLink href="/chat" variant="secondary">
          Back to your chat
        </ButtonLink>
      </main>
    );
  }
  const workspace = opened.value;
  const [[workspaces, conversations, requests], factors, tour] = await Promise.all([
    // Lists and counts a read replica may answer, once it has replayed all the primary held now (decision 044).
    readingUpToNow(() =>
      Promise.all([
        listPersonWorkspaces(actor),
        listPersonConversations(actor, workspace.id),
        countPendingAgentRequests(actor, { workspaceId: workspace.id }),
      ]),
    ),
    twoFactorStanding({ workspaceId: workspace.id, userId: me.id }),
    demoTour(actor, workspace),
  ]);
  // What the approvals inbox lists: drafts and held messages, and bot-to-bot requests the person may decide.
  const waiting = conversations.reduce((sum, c) => sum + c.pending_approvals, requests);

  return (
    <div className="flex h-dvh flex-col">
      <WorkspaceLive workspaceId={workspace.id} />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="shrink-0 border-b border-slate-200 bg-white px-3 sm:px-4">
        <div className="flex h-12 items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-2">
            <Link
              href="/chat"
              // Named on a phone too, where the word "Relay" beside the mark is hidden.
              aria-label="Relay: your workspaces"
              className="flex shrink-0 items-center gap-2 rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              <RelayMark />
              <span className="hidden text-base font-semibold tracking-tight sm:inline">Relay</span>
            </Link>
            <span aria-hidden className="text-slate-300">
              /
            </span>
            <WorkspaceSwitcher current={workspace.slug} workspaces={workspaces} />
            {workspace.status !== "active" && (
              <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">
                {workspace.status}
              </span>
            )}
          </div>
          <div className="flex min-w-0 items-center gap-3">
            <Link href="/developers" className="hidden text-sm text-slate-500 hover:text-slate-900 sm:inline">
              Developers
            </Link>
            <Link href="/settings/tokens" className="shrink-0 text-sm text-slate-500 hover:text-slate-900">
              Settings
            </Link>
            <span
              className="hidden max-w-[10rem] truncate text-sm text-slate-700 md:inline"
              data-testid="signed-in-name"
            >
              {me.name}
            </span>
            <SignOutButton />
          </div>
        </div>
        <ChatNav slug={workspace.slug} waiting={waiting} admin={workspace.role === "admin"} />
      </header>
      {!factors.mayDecide && (
        // The workspace requires a second factor and this person has none: they read, but do not decide, until they
        // add one (lib/factors/enforcement.ts).
        <div
          className="shrink-0 border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:px-4"
          data-testid="two-factor-banner"
          role="status"
        >
          {factors.mode === "everyone"
            ? "This workspace asks every member for a second factor. "
            : "This workspace asks for a second factor to approve or reject. "}
          Until you add one you can read, but not decide.{" "}
          <Link href="/settings/security" className="font-semibold text-amber-950 underline">
            Add a passkey or an authenticator app
          </Link>
        </div>
      )}
      {tour && <DemoTour stops={tour} dismiss={dismissTour.bind(null, `/chat/${workspace.slug}`)} />}
      <ChatPanes
        slug={workspace.slug}
        list={
          <>
            <div className="border-b border-slate-100 px-4 py-2.5">
              <ButtonLink href={`/chat/${workspace.slug}/new`} variant="secondary" size="sm" className="w-full">
                + New conversation
              </ButtonLink>
              <div className="mt-1.5">
                <PushOptIn />
              </div>
            </div>
            <ConversationList workspaceSlug={workspace.slug} conversations={conversations} />
          </>
        }
      >
        {children}
      </ChatPanes>
    </div>
  );
}
