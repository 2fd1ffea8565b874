import { z } from "zod";
import { env } from "@/lib/env";
import { listExports, requestExport, type ExportView } from "@/lib/privacy/request-export";
import { contactId, READ } from "../inputs";
import { defineTool } from "../tool";

// Exports for an admin's assistant (issue 38; docs/decisions/045-erasure.md): ask for an export of a contact or of
// the whole workspace, and see how far each is built. The archive's link works for the person signed in to Relay in
// their browser, for 7 days: the assistant hands it to them, it cannot download it. Admins only: a member's token
// gets the service's refusal as a tool error.

/** Destructive, as every write tool is (lib/mcp/server.ts): an archive of people's data is made, to be downloaded. */
const ASK = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false } as const;

const withLink = (view: ExportView) => ({
  ...view,
  download_url: view.download_path ? new URL(view.download_path, env().APP_URL).toString() : null,
});

export const exportContact = defineTool({
  name: "export_contact",
  title: "Export everything about a contact (admins)",
  description:
    "Asks Relay to build an archive of everything it holds about one contact (a subject-access or portability " +
    "request): the contact, its facts and consent, its conversations' messages, drafts and policy decisions, and " +
    "their files, as JSON Lines with a README. Built in the background: follow it with list_exports, which gives " +
    "the download link once ready (it works for the person signed in to Relay, for 7 days). Only for admins.",
  scope: "write",
  input: { contact_id: contactId },
  ids: { contact_id: "contact" },
  untrusted: false,
  annotations: ASK,
  run: async ({ actor, workspaceId }, { contact_id }) =>
    withLink(await requestExport(actor, { workspaceId, subjectType: "contact", subjectId: contact_id })),
});

export const exportWorkspace = defineTool({
  name: "export_workspace",
  title: "Export the whole workspace (admins)",
  description:
    "Asks Relay to build an archive of everything it holds in the workspace: people and roles, contacts and facts, " +
    "bots (never their keys), policy rules, audit history, every conversation's messages, drafts, decisions and " +
    "files. Built in the background: follow it with list_exports. Only for admins.",
  scope: "write",
  input: {},
  untrusted: false,
  annotations: ASK,
  run: async ({ actor, workspaceId }) =>
    withLink(await requestExport(actor, { workspaceId, subjectType: "workspace", subjectId: workspaceId })),
});

export const listMyExports = defineTool({
  name: "list_exports",
  title: "The exports you asked for",
  description:
    "The exports the person asked for in this workspace, newest first: what each is of, its status (queued, " +
    "running, ready, failed, expired), rows written so far per file, and once ready its size, SHA-256 and " +
    "download_url (for the person, signed in to Relay in their browser; an assistant cannot download it).",
  scope: "read",
  input: { subject: z.uuid().optional().describe("Only the exports of this contact, person or workspace (its id)") },
  untrusted: false,
  annotations: READ,
  run: async ({ actor, workspaceId }, { subject }) =>
    (await listExports(actor, { workspaceId, subjectId: subject })).map(withLink),
});
