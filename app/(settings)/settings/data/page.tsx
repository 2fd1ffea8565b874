import type { Metadata } from "next";
import { currentActor } from "@/lib/auth/current-actor";
import { listPersonWorkspaces } from "@/lib/chat/list-workspaces";
import { listExports } from "@/lib/privacy/request-export";
import { ownErasureRequest, type ErasureRequestView } from "@/lib/privacy/erasure-requests";
import { Time } from "@/components/chat/time";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { AskButton, ExportList } from "@/components/privacy/exports";
import { askToBeErased, exportMyData, withdrawErasure } from "../_actions";

export const metadata: Metadata = { title: "Your data" };

// A person's own data (issue 38): an export of everything Relay holds about them, one workspace at a time (each is
// its own organisation's), built in the background and downloadable by them for 7 days; and their request to be
// erased from a workspace, which its admins confirm or decline (with a reason shown here).
const DONE: Record<string, string> = {
  asked: "Asked: the workspace's admins are told, and answer here.",
  withdrawn: "Your request to be erased was withdrawn.",
};

export default async function DataPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { done } = await searchParams;
  const actor = await currentActor("/settings/data");
  const workspaces = await listPersonWorkspaces(actor);
  const [exports, requests] = await Promise.all([
    Promise.all(workspaces.map((w) => listExports(actor, { workspaceId: w.id, subjectId: actor.userId }))),
    Promise.all(workspaces.map((w) => ownErasureRequest(actor, w.id))),
  ]);
  return (
    <>
      <PageHeader
        title="Your data"
        description="Download everything Relay holds about you in a workspace: your account, sign-ins and devices, notifications and e-mails, your approvals and actions, and the conversations you take part in with their messages and files. An archive of JSON Lines files with a README, built in the background. You can also ask a workspace's admins to erase you from it."
      />
      <div className="space-y-6">
        {typeof done === "string" && DONE[done] && <Alert tone="success">{DONE[done]}</Alert>}
        {workspaces.map((workspace, i) => (
          <Card key={workspace.id} aria-labelledby={`data-${workspace.id}`}>
            <CardHeader id={`data-${workspace.id}`} title={workspace.name} description={`/${workspace.slug}`} />
            <CardBody className="space-y-3">
              <AskButton label="Export my data" action={exportMyData.bind(null, workspace.id)} />
              <ExportList exports={exports[i]!} label={`Your exports of ${workspace.name}`} />
              <ErasureRequest workspaceId={workspace.id} name={workspace.name} request={requests[i]!} />
            </CardBody>
          </Card>
        ))}
      </div>
    </>
  );
}

/** Asking to be erased from a workspace: what it does, and where their latest request stands. */
function ErasureRequest({
  workspaceId,
  name,
  request,
}: {
  workspaceId: string;
  name: string;
  request: ErasureRequestView | null;
}) {
  if (request?.status === "pending")
    return (
      <div className="space-y-2 border-t border-slate-100 pt-3" data-testid="erasure-request">
        <p className="text-sm text-slate-800">
          You asked to be erased from {name} (<Time iso={request.created_at} />). Its admins are told; once one confirms,
          you leave the workspace and what you wrote there is erased.
        </p>
        <AskButton label="Withdraw my request" action={withdrawErasure.bind(null, workspaceId)} />
      </div>
    );
  return (
    <div className="space-y-2 border-t border-slate-100 pt-3" data-testid="erasure-request">
      {request?.status === "declined" && (
        <p className="text-sm text-slate-800" role="note">
          Your request (<Time iso={request.created_at} />) was declined: “<UntrustedText text={request.decline_reason ?? ""} />”
        </p>
      )}
      <p className="text-sm text-slate-600">
        Ask to be erased: an admin of {name} confirms it, then you leave the workspace, your messages there are emptied
        (others&apos; stay), your files deleted, and bots told to erase their copies. Export your data first if you want
        to keep it.
      </p>
      <AskButton label="Ask to be erased" variant="danger" action={askToBeErased.bind(null, workspaceId)} />
    </div>
  );
}
