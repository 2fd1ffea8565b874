// Where this machine reaches the app server it runs: its listen address (HOST), or loopback when it listens on every
// interface; and its PORT. For the launcher's checks and the demo's bots (scripts/serve.ts) and the server's warm-up of
// itself (lib/http/warm-up.ts).

export function localOrigin({ HOST, PORT }: { HOST?: string; PORT: number }): string {
  const host = !HOST || HOST === "0.0.0.0" || HOST === "::" ? "127.0.0.1" : HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${PORT}`;
}
