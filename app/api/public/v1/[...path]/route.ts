import { ApiError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/api-response";

// Anything under /api/public/v1 that no route serves: a JSON 404 in the documented shape, never an HTML page.
const unknownRoute = (request: Request) =>
  errorResponse(new ApiError("not_found", `No route ${request.method} ${new URL(request.url).pathname}; see /api/public/v1/openapi.json`));

export {
  unknownRoute as GET,
  unknownRoute as POST,
  unknownRoute as PUT,
  unknownRoute as PATCH,
  unknownRoute as DELETE,
  unknownRoute as OPTIONS,
};
