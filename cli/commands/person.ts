import { resetFactors } from "@/lib/factors/reset-factors";
import { createPerson } from "@/lib/people/create-person";
import { systemActor } from "@/lib/people/actor";
import { removePerson } from "@/lib/privacy/erase-person";
import { runErasure } from "@/lib/privacy/run-erasure";
import { B, bool, oneOf, required, S, str, type Command } from "./command";
import { actorFrom, personByEmail, workspaceBySlug } from "./resolve";

export const personCommands: Record<string, Command> = {
  "person create": {
    usage:
      "person create --workspace SLUG --email EMAIL --name NAME --handle HANDLE --password PASSWORD [--role admin|member]",
    flags: { workspace: S, email: S, name: S, handle: S, password: S, role: S },
    run: async (args) => {
      const input = {
        email: required(str(args, "email"), "--email"),
        name: required(str(args, "name"), "--name"),
        handle: required(str(args, "handle"), "--handle"),
        password: required(str(args, "password"), "--password"),
        role: oneOf(str(args, "role") ?? "member", { choices: ["admin", "member"] as const, what: "--role" }),
      };
      const ws = await workspaceBySlug(str(args, "workspace"));
      const user = await createPerson({ ...input, workspaceId: ws.id });
      return {
        id: user.id,
        email: user.email,
        handle: user.handle,
        name: user.name,
        workspace_id: ws.id,
        role: input.role,
      };
    },
  },
  // A person who lost every second factor and recovery code: the operator removes them all and signs every session of
  // theirs out (docs/decisions/036-second-factors.md). They sign in with their password alone, then add a factor.
  "person remove": {
    usage:
      "person remove EMAIL --workspace SLUG --confirm EMAIL [--erase [--wait]] [--as EMAIL]   (--erase: also erase what they wrote there)",
    flags: { workspace: S, confirm: S, erase: B, wait: B, as: S },
    run: async (args) => {
      const subject = await personByEmail(required(args.positionals[0], "EMAIL"));
      const ws = await workspaceBySlug(str(args, "workspace"));
      const removed = await removePerson(await actorFrom(str(args, "as")), {
        workspaceId: ws.id,
        userId: subject.userId,
        confirm: required(str(args, "confirm"), "--confirm"),
        erase: bool(args, "erase"),
      });
      // --wait: the erasure's job runs here to its end (a deployment without a worker); else the worker runs it.
      if (removed.erasure_id && bool(args, "wait")) await runErasure(removed.erasure_id);
      return removed;
    },
  },
  "person reset-factors": {
    usage: "person reset-factors --email EMAIL",
    flags: { email: S },
    run: async (args) => resetFactors(systemActor, { email: required(str(args, "email"), "--email") }),
  },
};
