import { z } from "zod";
import { Cursor, Limit, Timestamp, Uuid } from "./common";

export const Conversation = z
  .object({
    id: Uuid,
    title: z.string().nullable(),
    last_message_at: Timestamp,
    last_message_preview: z.string(),
  })
  .meta({ id: "Conversation" });

export const ConversationListQuery = z.object({ limit: Limit, cursor: Cursor });

export const ConversationList = z
  .object({ data: z.array(Conversation), next_cursor: z.string().nullable() })
  .meta({ id: "ConversationList" });
