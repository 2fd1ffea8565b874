import { currentActor } from "@/lib/auth/current-actor";
import { listPersonWorkspaces } from "@/lib/chat/list-workspaces";
import { EmptyState } from "@/components/ui/empty-state";
import { ButtonLink } from "@/components/ui/button";
import { redirectInApp } from "@/app/_lib/redirect";

// /chat: the person's first workspace (they switch from its header), or word that they have none yet.
export default async function ChatHome() {
  const actor = await currentActor("/chat");
  const workspaces = await listPersonWorkspaces(actor);
  if (workspaces[0]) redirectInApp(`/chat/${workspaces[0].slug}`);
  return (
    <main id="main" className="mx-auto max-w-xl py-16">
      <h1 className="sr-only">Chat</h1>
      <EmptyState
        title="You are not in a workspace yet"
        action={
          <ButtonLink href="/developers" variant="secondary">
            Developer portal
          </ButtonLink>
        }
      >
        A workspace admin adds people to a workspace. Once they add you, your conversations appear here.
      </EmptyState>
    </main>
  );
}
