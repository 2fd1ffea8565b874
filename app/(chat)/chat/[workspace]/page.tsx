import { currentActor } from "@/lib/auth/current-actor";
import { EmptyState } from "@/components/ui/empty-state";

// A workspace's chat home: the conversation list (beside, or alone on a phone) and, on wider screens, this.
export default async function WorkspaceChatHome({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace } = await params;
  await currentActor(`/chat/${workspace}`);
  return (
    <main id="main" className="flex flex-1 items-center justify-center">
      <h1 className="sr-only">Conversations</h1>
      <EmptyState title="Choose a conversation">
        Messages from bots that wait for a person show in the conversation and under Approvals.
      </EmptyState>
    </main>
  );
}
