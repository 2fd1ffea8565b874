import { ApiError } from "@/lib/errors";
import { errorResponse, withApiHeaders } from "./api-response";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * The answers of a route for what it does not serve, so that Next never answers for it (its 405 has no body and
 * its OPTIONS no X-Request-Id): a JSON 405 with `Allow` for every other method, and OPTIONS: 204 with `Allow`.
 * A route exports the methods it lacks and OPTIONS from here (test/api-routes.test.ts checks that every one does).
 */
export function notAllowed(...allowed: Method[]): Record<Method | "OPTIONS", () => Response> {
  const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const refuse = () => {
    const response = errorResponse(new ApiError("method_not_allowed", `Use ${allowed.join(" or ")} on this route`));
    response.headers.set("Allow", allow);
    return response;
  };
  const options = () => withApiHeaders(new Response(null, { status: 204, headers: { Allow: allow } }));
  return { ...Object.fromEntries(METHODS.map((method) => [method, refuse])), OPTIONS: options } as Record<
    Method | "OPTIONS",
    () => Response
  >;
}

/**
 * The handlers of a catch-all route: every method of a path no route serves is the JSON 404 `not_found` with a
 * request id, never an HTML page. `hint` ends the message (where to look instead).
 */
export function unknownRoute(hint = ""): Record<Method | "OPTIONS", (request: Request) => Response> {
  const answer = (request: Request) =>
    errorResponse(new ApiError("not_found", `No route ${request.method} ${new URL(request.url).pathname}${hint}`));
  return Object.fromEntries([...METHODS, "OPTIONS"].map((method) => [method, answer])) as Record<
    Method | "OPTIONS",
    (request: Request) => Response
  >;
}
