import { unknownRoute } from "@/lib/http/not-allowed";

// Anything under /api/public/v1 that no route serves: a JSON 404 in the documented shape, never an HTML page.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = unknownRoute("; see /api/public/v1/openapi.json");
