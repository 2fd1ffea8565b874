import { resetFactors } from "@/lib/factors/reset-factors";
import { createPerson } from "@/lib/people/create-person";
import { systemActor } from "@/lib/people/actor";
import { oneOf, required, S, str, type Command } from "./command";
import { workspaceBySlug } from "./resolve";

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
  "person reset-factors": {
    usage: "person reset-factors --email EMAIL",
    flags: { email: S },
    run: async (args) => resetFactors(systemActor, { email: required(str(args, "email"), "--email") }),
  },
};
