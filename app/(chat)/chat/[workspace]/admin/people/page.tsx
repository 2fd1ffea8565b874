import type { Metadata } from "next";
import { AdminHeader } from "@/components/chat/admin-header";
import { openAdminPage } from "@/app/(chat)/chat/_lib/open-admin-page";
import { StepUpNotice } from "@/app/_lib/step-up-notice";
import { confirmErasureForm, declineErasureForm, removePersonForm } from "@/app/(chat)/chat/_actions/admin";
import { listMembers } from "@/lib/people/list-members";
import { listErasureRequests, type ErasureRequestForAdmin } from "@/lib/privacy/erasure-requests";
import { DeclineErasureForm, RemovePersonForm } from "@/components/chat/remove-person-form";
import { Time } from "@/components/chat/time";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { UntrustedText } from "@/components/ui/untrusted-text";

export const metadata: Metadata = { title: "People" };

const STATUS: Record<ErasureRequestForAdmin["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Waiting", tone: "yellow" },
  confirmed: { label: "Confirmed: erased", tone: "green" },
  declined: { label: "Declined", tone: "gray" },
  withdrawn: { label: "Withdrawn", tone: "gray" },
};

const summaryClass =
  "inline-flex min-h-6 cursor-pointer items-center rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

// For workspace admins (issue 38): the workspace's people, removing one (with or without erasing what they wrote),
// and people's requests to be erased, confirmed or declined with a reason.
const DONE: Record<string, string> = {
  removed: "Removed from the workspace.",
  erased: "Removed; what they wrote is being erased, and bots are told to erase their copies.",
  declined: "Request declined; they will read your reason.",
};

export default async function PeoplePage({
  params,
  searchParams,
}: {
  params: Promise<{ workspace: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { workspace: slug } = await params;
  const { done } = await searchParams;
  const path = `/chat/${slug}/admin/people`;
  const admin = await openAdminPage({
    slug,
    path,
    title: "People",
    ask: (name) => `Ask an admin of ${name} to remove someone, or ask to be erased in Settings → Your data.`,
  });
  if (!admin.ok) return admin.page;
  const { actor, workspace } = admin;
  const [members, requests] = await Promise.all([
    listMembers(actor, workspace.id),
    listErasureRequests(actor, workspace.id),
  ]);
  const waiting = requests.filter((r) => r.status === "pending");
  const decided = requests.filter((r) => r.status !== "pending");

  return (
    <main id="main" className="min-h-0 flex-1 space-y-6 overflow-y-auto bg-slate-50 px-3 py-5 sm:px-6">
      <AdminHeader slug={slug} title="People" current="people" />
      <StepUpNotice actor={actor} workspaceId={workspace.id} purpose="change" />
      {typeof done === "string" && DONE[done] && <Alert tone="success">{DONE[done]}</Alert>}

      <Card aria-labelledby="requests-title">
        <CardHeader
          id="requests-title"
          title="Requests to be erased"
          description="People who asked to be erased from this workspace. Confirm a request to remove them and erase what they wrote here (bots are told to erase their copies), or decline it with the reason they will read. The law gives an organisation a month to answer."
        />
        {waiting.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-500" data-testid="no-erasure-requests">
            No request waits.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {waiting.map((request) => (
              <li
                key={request.id}
                id={`request-${request.id}`}
                className="space-y-3 px-5 py-4"
                data-testid="erasure-request"
              >
                <p className="text-sm text-slate-800">
                  <span className="font-medium text-slate-900">
                    <UntrustedText text={request.person?.name ?? "Someone"} />
                  </span>{" "}
                  (<UntrustedText text={request.person?.email ?? ""} />) asked to be erased (
                  <Time iso={request.created_at} />
                  ).
                </p>
                {request.person && (
                  <div className="grid gap-4 md:grid-cols-2">
                    <RemovePersonForm
                      name={request.person.name}
                      email={request.person.email}
                      confirmsRequest
                      action={confirmErasureForm.bind(null, workspace.id, request.id, path)}
                    />
                    <DeclineErasureForm
                      name={request.person.name}
                      action={declineErasureForm.bind(null, workspace.id, request.id, path)}
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {decided.length > 0 && (
          <details className="border-t border-slate-100 px-5 py-3">
            <summary className={summaryClass}>Answered requests ({decided.length})</summary>
            <ul className="mt-2 space-y-1 text-sm text-slate-700">
              {decided.map((request) => (
                <li key={request.id} className="flex flex-wrap items-center gap-2">
                  <Badge tone={STATUS[request.status].tone}>{STATUS[request.status].label}</Badge>
                  <span>
                    asked <Time iso={request.created_at} />
                    {request.decided_at && (
                      <>
                        , answered <Time iso={request.decided_at} />
                      </>
                    )}
                    {request.decided_by && (
                      <>
                        {" "}
                        by <UntrustedText text={request.decided_by} />
                      </>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </Card>

      <Card aria-labelledby="people-title">
        <CardHeader
          id="people-title"
          title={`People (${members.length})`}
          description="Everyone who can sign in to this workspace. Removing someone ends their access at once; erasing also empties what they wrote here. The last admin cannot be removed."
        />
        <ul className="divide-y divide-slate-100">
          {members.map((member) => (
            <li key={member.id} className="px-5 py-4" data-testid="member">
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 font-medium text-slate-900">
                  <UntrustedText text={member.name} />
                </span>
                <span className="min-w-0 text-sm wrap-anywhere text-slate-600">
                  <UntrustedText text={member.email} />
                </span>
                {member.role === "admin" && <Badge tone="blue">admin</Badge>}
                {member.erasure_request_id && <Badge tone="yellow">asked to be erased</Badge>}
                <span className="text-xs text-slate-500">
                  joined <Time iso={member.joined_at} />
                </span>
              </div>
              {member.erasure_request_id ? (
                <p className="mt-2 text-sm text-slate-600">
                  <a href={`#request-${member.erasure_request_id}`} className="font-medium text-indigo-700 underline">
                    Answer their request above
                  </a>{" "}
                  to remove them.
                </p>
              ) : (
                <details className="mt-2">
                  <summary className={summaryClass}>
                    Remove <span className="sr-only">&nbsp;{member.name}</span>…
                  </summary>
                  <div className="mt-3 max-w-xl">
                    <RemovePersonForm
                      name={member.name}
                      email={member.email}
                      action={removePersonForm.bind(null, workspace.id, member.id, path)}
                    />
                  </div>
                </details>
              )}
            </li>
          ))}
        </ul>
      </Card>
    </main>
  );
}
