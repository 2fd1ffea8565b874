import type { ReactNode } from "react";
import { currentActor } from "@/lib/auth/current-actor";
import { openWorkspace } from "@/lib/chat/open-workspace";
import type { PersonActor } from "@/lib/people/actor";
import { guard } from "@/app/_lib/guard";
import { Alert } from "@/components/ui/alert";

type Opened = Awaited<ReturnType<typeof openWorkspace>>;

export interface OpenAdminPageOptions {
  slug: string;
  /** The page's path: a signed-out person signs in and comes back here. */
  path: string;
  /** The page's name, the heading a screen reader finds on the refusal. */
  title: string;
  /** What to ask an admin for, on a member's refusal ("to pause or stop a bot"). */
  ask: (workspaceName: string) => ReactNode;
}

/**
 * An admin page of a workspace opened by the signed-in person: the person and the workspace, or the page a member (or
 * a stranger) gets instead. One place for the chat's admin pages (Bots & policy, Policy rules).
 */
export async function openAdminPage({
  slug,
  path,
  title,
  ask,
}: OpenAdminPageOptions): Promise<{ ok: true; actor: PersonActor; workspace: Opened } | { ok: false; page: ReactNode }> {
  const actor = await currentActor(path);
  const opened = await guard(openWorkspace(actor, slug));
  if (!opened.ok) return { ok: false, page: <Alert tone="danger">{opened.error.message}</Alert> };
  const workspace = opened.value;
  if (workspace.role !== "admin")
    return {
      ok: false,
      page: (
        <main id="main" className="p-6">
          <h1 className="sr-only">{title}</h1>
          <Alert tone="danger" title="Only workspace admins can open this page">
            {ask(workspace.name)}
          </Alert>
        </main>
      ),
    };
  return { ok: true, actor, workspace };
}
