import { unknownRoute } from "@/lib/http/not-allowed";

// Anything under /api that no route serves (the bot API has its own, app/api/public/v1/[...path]): a JSON 404 with
// a request id, like every API answer, never the app's HTML not-found page.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = unknownRoute();
