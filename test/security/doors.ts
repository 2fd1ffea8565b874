import { actionDoors } from "./doors/actions";
import type { Door } from "./doors/door";
import { mcpDoors } from "./doors/mcp";
import { pageDoors } from "./doors/pages";
import { restDoors } from "./doors/rest";
import { routeDoors } from "./doors/routes";
import type { Fresh } from "./fresh";
import type { Person, World } from "./world";

// The doors of the tenancy matrix: every route handler's method, every MCP tool, every server action, every page
// and layout, each with the ids it takes (its slots: which kind of object, and how to call the door with one) and a
// positive control (the caller's own object, which the door must serve). One module per surface holds its doors
// (doors/rest.ts, mcp.ts, routes.ts, actions.ts, pages.ts); doors/door.ts holds what a door is and what the
// surfaces share. test/security/tenancy.int.test.ts crosses the doors with the world's probes; it also lists the
// doors in the code and fails on one that is missing from its surface's module.

/** Every surface's doors, in the matrix's order: REST, MCP, route handlers, server actions, pages. */
export function buildDoors(w: World, fresh: Fresh, signIn: (p: Person | null) => void): Door[] {
  const context = { w, fresh, signIn };
  return [
    ...restDoors(context),
    ...mcpDoors(context),
    ...routeDoors(context),
    ...actionDoors(context),
    ...pageDoors(context),
  ];
}
