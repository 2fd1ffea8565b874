import { z } from "zod";
import { Uuid } from "./common";

export const Bot = z.object({ id: Uuid, handle: z.string(), name: z.string() }).meta({ id: "Bot" });

/** GET /me answers `{bot}` unwrapped: the one exception to `data` (SPEC.md). */
export const MeResponse = z.object({ bot: Bot }).meta({ id: "MeResponse" });
