import type { Metadata } from "next";
import { currentActor } from "@/lib/auth/current-actor";
import { listManagedBots } from "@/lib/bots/list-bots";
import { CORE_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { RegisterBotForm } from "@/components/portal/register-bot-form";
import { registerBot } from "../../_actions/bots";

export const metadata: Metadata = { title: "Register a bot" };

export default async function NewBotPage() {
  const actor = await currentActor("/developers/bots/new");
  const workspaces = await listManagedBots(actor);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        breadcrumbs={[{ href: "/developers", label: "Bots" }]}
        title="Register a bot"
        description="A new bot gets an API key and a webhook signing secret. It can act only in conversations where a participant authorizes it, and its first messages wait for a person's approval."
      />
      {workspaces.length === 0 ? (
        <Alert tone="warning" title="No workspace">
          You are not a member of any workspace, so there is nowhere to register a bot.
        </Alert>
      ) : (
        <RegisterBotForm
          action={registerBot}
          workspaces={workspaces.map(({ id, name, slug }) => ({ id, name, slug }))}
          defaultEventTypes={CORE_EVENT_TYPES}
        />
      )}
    </div>
  );
}
