import { signedInPerson } from "@/lib/auth/session";
import { ApiError } from "@/lib/errors";
import { person, type PersonActor } from "@/lib/people/actor";
import { apiHandler } from "./api-handler";
import { crossSite } from "./same-origin";

// The wrapper of the people's routes (app/api/chat/**), as botRoute is the bots': the session's person, or 401;
// a write another site's page makes (cross-site request forgery), 403 before anything is read; the route's params;
// and the API's headers, X-Request-Id and JSON errors around whatever the handler answers (apiHandler).

export interface PersonRouteContext<P> {
  actor: PersonActor;
  params: P;
  request: Request;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * `P`: the route's params, as Next gives them (`{ id }` for a `[id]` folder). `route`: the route's template, its folder under app/ (`/api/chat/conversations/[id]/stream`), under which its
 * answers are timed (test/api-routes.test.ts holds it to the folder).
 */
export function personRoute<P extends Record<string, string> = { id: string }>(
  options: { route: string; signInTo: string },
  handler: (context: PersonRouteContext<P>) => Promise<Response>,
) {
  const route = apiHandler(
    async (request: Request, context: { params: Promise<P> }) => {
      if (!SAFE_METHODS.has(request.method) && crossSite(request.headers))
        throw new ApiError("forbidden", "Relay accepts this only from its own pages");
      const me = await signedInPerson();
      if (!me) throw new ApiError("unauthorized", `Sign in to ${options.signInTo}`);
      return handler({ actor: person(me.id, "web"), params: await context.params, request });
    },
    { route: options.route },
  );
  return Object.assign(route, { template: options.route });
}
