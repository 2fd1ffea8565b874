import { approveDraft, rejectDraft } from "@/lib/drafts/approve-draft";
import { listPendingApprovals } from "@/lib/drafts/list-pending-approvals";
import { id, S, str, type Command } from "./command";
import { requirePerson, workspaceBySlug } from "./resolve";

// Drafts and held messages share one id space (both are rows of `drafts`): `draft approve` takes either.
export const draftCommands: Record<string, Command> = {
  "draft approve": {
    usage: "draft approve ID [--body TEXT] --as EMAIL",
    flags: { body: S, as: S },
    run: async (args) => {
      const draftId = id(args.positionals[0], "the draft ID");
      return approveDraft(await requirePerson(str(args, "as")), { draftId, body: str(args, "body") });
    },
  },
  "draft reject": {
    usage: "draft reject ID [--note TEXT] --as EMAIL",
    flags: { note: S, as: S },
    run: async (args) => {
      const draftId = id(args.positionals[0], "the draft ID");
      return rejectDraft(await requirePerson(str(args, "as")), { draftId, note: str(args, "note") });
    },
  },
  "approvals list": {
    usage: "approvals list --workspace SLUG --as EMAIL",
    flags: { workspace: S, as: S },
    run: async (args) => {
      const actor = await requirePerson(str(args, "as"));
      const ws = await workspaceBySlug(str(args, "workspace"));
      return { data: await listPendingApprovals(actor, { workspaceId: ws.id }) };
    },
  },
};
