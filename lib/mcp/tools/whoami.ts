import { listPersonWorkspaces } from "@/lib/chat/list-workspaces";
import { handleOf } from "@/lib/people/actor";
import { db } from "@/lib/db/client";
import { READ } from "../inputs";
import { defineTool } from "../tool";

export const whoami = defineTool({
  name: "whoami",
  title: "Who am I acting as",
  description:
    "Who this assistant acts as in Relay: the person, the one workspace this token is for (every other tool works only there), " +
    "their role in it, and the token's scopes (read; write lets you approve, reject and post).",
  scope: "read",
  input: {},
  untrusted: false,
  annotations: READ,
  run: async ({ actor, principal, workspaceId }) => {
    const workspace = (await listPersonWorkspaces(actor)).find((w) => w.id === workspaceId);
    return {
      person: { id: actor.userId, handle: await handleOf(db(), actor.userId) },
      workspace,
      scopes: principal.scopes,
    };
  },
});
