import { ApiError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/api-response";

// Anything under /api that no route serves (the bot API has its own, app/api/public/v1/[...path]): a JSON 404 with
// a request id, like every API answer, never the app's HTML not-found page.
const unknownRoute = (request: Request) =>
  errorResponse(new ApiError("not_found", `No route ${request.method} ${new URL(request.url).pathname}`));

export {
  unknownRoute as GET,
  unknownRoute as POST,
  unknownRoute as PUT,
  unknownRoute as PATCH,
  unknownRoute as DELETE,
  unknownRoute as OPTIONS,
};
