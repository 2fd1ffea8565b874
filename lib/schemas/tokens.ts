import { z } from "zod";
import { plainText } from "./common";
import { TOKEN_NAME_MAX } from "@/lib/tokens/personal-token";

// The settings page's token form (app/(settings)/settings/tokens). createPersonalToken checks again.
export const PersonalTokenForm = z.object({
  workspaceId: z.uuid({ error: "Choose a workspace" }),
  name: plainText()
    .trim()
    .min(1, "Give the token a name, e.g. the assistant it is for")
    .max(TOKEN_NAME_MAX, `At most ${TOKEN_NAME_MAX} characters`),
  write: z.boolean(),
});
export type PersonalTokenInput = z.infer<typeof PersonalTokenForm>;
