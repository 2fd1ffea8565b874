import type { DefaultSession } from "next-auth";
import type { SignInMethod } from "@/lib/sessions/start-session";

// The session carries the person's id (lib/auth/options.ts puts the JWT's subject there) and the id of its
// person_sessions row (`sid`), which lib/auth/session.ts checks on every request.
declare module "next-auth" {
  interface Session {
    user: DefaultSession["user"] & { id: string };
    sid?: string;
  }
  interface User {
    /** How authorize() signed the person in (the session row records it). */
    method?: SignInMethod;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    sid?: string;
  }
}
