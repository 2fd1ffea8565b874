import { listSecurityEvents } from "@/lib/security/list-security-events";
import { S, str, UsageError, wholeNumber, type Command } from "./command";

// Account-level security records (lockouts of sign-ins and of API keys / access tokens). They belong to no
// workspace, so only the operator reads them: there is no --as.

export const securityCommands: Record<string, Command> = {
  "security events": {
    usage: "security events [--email EMAIL] [--since TIME] [--limit N]",
    flags: { email: S, since: S, limit: S },
    run: async (args) => {
      const since = str(args, "since");
      const sinceDate = since === undefined ? undefined : new Date(since);
      if (sinceDate && Number.isNaN(sinceDate.getTime())) {
        throw new UsageError(`--since must be a time (ISO 8601), got "${since}"`);
      }
      const limit = wholeNumber(str(args, "limit"), "--limit");
      if (limit !== undefined && (limit < 1 || limit > 1000)) throw new UsageError("--limit must be 1 to 1000");
      return { data: await listSecurityEvents({ email: str(args, "email"), since: sinceDate, limit }) };
    },
  },
};
