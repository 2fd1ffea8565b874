import { copyFile } from "node:fs/promises";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { archivePath, buildExport } from "@/lib/privacy/build-export";
import { listExports, requestExport, type ExportSubject } from "@/lib/privacy/request-export";
import type { Actor } from "@/lib/people/actor";
import { id, required, S, str, type Command } from "./command";
import { actorFrom, personByEmail, workspaceBySlug } from "./resolve";

// `export contact|person|workspace` (issue 38): the same export an admin asks for in the chat, built here, in the
// CLI's process, and copied to --out. Recorded like any other (the audit history, the exports' list).

async function exportTo(actor: Actor, options: { workspaceId: string; subjectType: ExportSubject; subjectId: string; out: string }) {
  const { out, ...request } = options;
  const asked = await requestExport(actor, request);
  await buildExport(asked.id);
  await copyFile(archivePath(asked.id), out);
  const [built] = await listExports(actor, { workspaceId: request.workspaceId, exportId: asked.id });
  return { export_id: asked.id, file: out, size_bytes: built!.size_bytes, sha256: built!.sha256, rows: built!.progress };
}

export const exportCommands: Record<string, Command> = {
  "export contact": {
    usage: "export contact CONTACT_ID --out FILE.zip [--as EMAIL]",
    flags: { out: S, as: S },
    run: async (args) => {
      const contactId = id(args.positionals[0], "CONTACT_ID");
      const contact = await db().contact.findUnique({ where: { id: contactId }, select: { workspaceId: true } });
      if (!contact) throw new ApiError("not_found", "Contact not found");
      return exportTo(await actorFrom(str(args, "as")), {
        workspaceId: contact.workspaceId,
        subjectType: "contact",
        subjectId: contactId,
        out: required(str(args, "out"), "--out"),
      });
    },
  },
  "export person": {
    usage: "export person EMAIL --workspace SLUG --out FILE.zip [--as EMAIL]",
    flags: { workspace: S, out: S, as: S },
    run: async (args) => {
      const subject = await personByEmail(required(args.positionals[0], "EMAIL"));
      const ws = await workspaceBySlug(str(args, "workspace"));
      return exportTo(await actorFrom(str(args, "as")), {
        workspaceId: ws.id,
        subjectType: "person",
        subjectId: subject.userId,
        out: required(str(args, "out"), "--out"),
      });
    },
  },
  "export workspace": {
    usage: "export workspace SLUG --out FILE.zip [--as EMAIL]",
    flags: { out: S, as: S },
    run: async (args) => {
      const ws = await workspaceBySlug(args.positionals[0]);
      return exportTo(await actorFrom(str(args, "as")), {
        workspaceId: ws.id,
        subjectType: "workspace",
        subjectId: ws.id,
        out: required(str(args, "out"), "--out"),
      });
    },
  },
};
