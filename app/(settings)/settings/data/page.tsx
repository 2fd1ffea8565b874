import type { Metadata } from "next";
import { currentActor } from "@/lib/auth/current-actor";
import { listPersonWorkspaces } from "@/lib/chat/list-workspaces";
import { listExports } from "@/lib/privacy/request-export";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { ExportButton, ExportList } from "@/components/privacy/exports";
import { exportMyData } from "../_actions";

export const metadata: Metadata = { title: "Your data" };

// A person's own data (issue 38): an export of everything Relay holds about them, one workspace at a time (each is
// its own organisation's), built in the background and downloadable by them for 7 days.
export default async function DataPage() {
  const actor = await currentActor("/settings/data");
  const workspaces = await listPersonWorkspaces(actor);
  const exports = await Promise.all(
    workspaces.map((w) => listExports(actor, { workspaceId: w.id, subjectId: actor.userId })),
  );
  return (
    <>
      <PageHeader
        title="Your data"
        description="Download everything Relay holds about you in a workspace: your account, sign-ins and devices, notifications and e-mails, your approvals and actions, and the conversations you take part in with their messages and files. An archive of JSON Lines files with a README, built in the background."
      />
      <div className="space-y-6">
        {workspaces.map((workspace, i) => (
          <Card key={workspace.id} aria-labelledby={`data-${workspace.id}`}>
            <CardHeader id={`data-${workspace.id}`} title={workspace.name} description={`/${workspace.slug}`} />
            <CardBody className="space-y-3">
              <ExportButton label="Export my data" action={exportMyData.bind(null, workspace.id)} />
              <ExportList exports={exports[i]!} label={`Your exports of ${workspace.name}`} />
            </CardBody>
          </Card>
        ))}
      </div>
    </>
  );
}
