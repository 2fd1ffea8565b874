import { ApiError } from "@/lib/errors";
import { errorResponse } from "./bot-route";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/** JSON 405 answers for the methods a route does not serve (Next's own 405 has no body). */
export function notAllowed(...allowed: Method[]): Record<Method, () => Response> {
  const handler = () => {
    const response = errorResponse(new ApiError("method_not_allowed", `Use ${allowed.join(" or ")} on this route`));
    response.headers.set("Allow", allowed.join(", "));
    return response;
  };
  return Object.fromEntries(METHODS.map((method) => [method, handler])) as Record<Method, () => Response>;
}
