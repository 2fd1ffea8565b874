import type { DefaultSession } from "next-auth";

// The session carries the person's id (lib/auth/options.ts puts the JWT's subject there).
declare module "next-auth" {
  interface Session {
    user: DefaultSession["user"] & { id: string };
  }
}
