// Relay's bot SDK: webhook verification and a typed API client. Self-contained (relative imports, Node built-ins
// only); the `.js` suffixes are what Node's ES-module resolution needs once compiled, and TypeScript maps them to
// the `.ts` sources.
export * from "./events.js";
export * from "./verify-webhook.js";
export * from "./client.js";
export * from "./listen.js";
