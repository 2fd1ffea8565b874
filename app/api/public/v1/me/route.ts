import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";

// GET /me: the bot behind the key, unwrapped (the one exception to `data`: docs/api-contract.md#envelopes). A stopped
// bot is answered here, and only here: it can still check its key.
export const GET = botRoute({ servesStoppedBot: true }, async ({ bot }) => reply(200, { bot: { id: bot.id, handle: bot.handle, name: bot.name } }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
