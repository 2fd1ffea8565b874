import { seedWorld } from "@/lib/seed/seed-world";
import { S, str, type Command } from "./command";

export const seedCommands: Record<string, Command> = {
  seed: {
    usage: "seed --json [--webhook-url URL]",
    flags: { "webhook-url": S },
    run: (args) => seedWorld({ webhookUrl: str(args, "webhook-url") ?? null }),
  },
};
