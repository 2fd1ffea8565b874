import { readFileSync } from "node:fs";

// What `npm start` and `npm run dev` say once the app answers (scripts/serve.ts): where it is, how to sign in to the
// demo, and where the demo's keys are. On a terminal, a small box; in JSON logs, one `ready` line with the same facts.

export interface StartupFacts {
  /** The app's address for a browser (APP_URL). */
  url: string;
  /** The demo's first person, when the demo was seeded (DATA_DIR/demo-credentials.json). */
  signIn?: { email: string; password: string };
  /** The demo's credentials file, with every person's password and every bot's key. */
  credentials?: string;
}

/** The demo's sign-in from its credentials file, or undefined when there is none (no demo, or unreadable). */
export function demoSignIn(file: string): StartupFacts["signIn"] {
  try {
    const world = JSON.parse(readFileSync(file, "utf8")) as { people?: { email?: unknown; password?: unknown }[] };
    const first = world.people?.[0];
    return typeof first?.email === "string" && typeof first.password === "string"
      ? { email: first.email, password: first.password }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The box, as lines of text framed with box-drawing characters, every line as wide as the widest. */
export function startupBox({ url, signIn, credentials }: StartupFacts): string {
  const lines = [
    `Relay is running: ${url}`,
    ...(signIn ? [`Sign in as ${signIn.email}, password ${signIn.password}`] : []),
    ...(credentials ? [`The demo's people and bot keys: ${credentials}`] : []),
    "Stop with Ctrl-C.",
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = "─".repeat(width + 2);
  return [`┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`].join("\n") + "\n";
}
