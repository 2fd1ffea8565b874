// Response headers of the legacy conversation memory: `Deprecation` (RFC 9745: the date it was deprecated, as
// `@<unix seconds>`) and `Link` to its successor (rel="successor-version"), so clients and tools notice.

export const MEMORY_DEPRECATED_AT = Date.UTC(2026, 10, 23) / 1000;

export function deprecationHeaders(contactId: string | null, successor: "context" | "facts"): Record<string, string> {
  const target = contactId ? `/api/public/v1/contacts/${contactId}/${successor}` : "/api/public/v1/openapi.json";
  return { Deprecation: `@${MEMORY_DEPRECATED_AT}`, Link: `<${target}>; rel="successor-version"` };
}
