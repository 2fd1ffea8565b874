import { randomUUID } from "node:crypto";
import { query, runStatement, statement, type RowOf, type Sql, type Statement, type Transaction } from "@/lib/db/sql";
import { contentDigest, type Decision } from "@/lib/policy/decide";
import type { Block } from "@/lib/schemas/blocks";
import { messageContent, preview } from "./content";
import { CONVERSATION_CHANNEL } from "@/lib/chat/live";
import { HOUR_ORIGIN } from "@/lib/policy/hour-buckets";
import { POLICY_DEFAULTS } from "@/lib/policy/defaults";

// The one door for message rows. The seq comes from the conversation row in the same statement
// (UPDATE ... RETURNING inside the INSERT), so concurrent sends serialise on that row and seqs are gapless: a
// rolled-back insert rolls its seq back too. A bot-authored row needs a Decision whose verdict allows it and whose
// digest matches exactly the content written (test/one-door.test.ts fails if other code writes bot messages).

// Open chat pages hear of the message at commit (NOTIFY is transactional; lib/chat/live.ts).
// A bot's message also counts in its hour (bot_hourly_sends, read by the policy's rolling daily count) and, while
// the bot is new, in its trust counter, in this same statement: a rolled-back insert rolls them back too. $7 is
// null for people and the system.
const INSERT = query("messages.insert", {
  text: `WITH next AS (
       UPDATE conversations
       SET last_seq = last_seq + 1, last_message_at = now(), last_message_preview = $2
       WHERE id = $1
       RETURNING last_seq
     ),
     counted AS (
       INSERT INTO bot_hourly_sends (bot_id, hour, n)
       SELECT $7::uuid, date_bin('1 hour', now(), ${HOUR_ORIGIN}), 1 FROM next WHERE $7::uuid IS NOT NULL
       ON CONFLICT (bot_id, hour) DO UPDATE SET n = bot_hourly_sends.n + 1
     ),
     trusted AS (
       UPDATE bots SET trusted_message_count = trusted_message_count + 1
       WHERE $12::boolean AND id = $7::uuid AND EXISTS (SELECT 1 FROM next)
         AND trusted_message_count < COALESCE(
           (SELECT new_bot_threshold FROM workspace_settings WHERE workspace_id = bots.workspace_id),
           ${POLICY_DEFAULTS.newBotThreshold})
     ),
     notified AS (
       SELECT pg_notify('${CONVERSATION_CHANNEL}', json_build_object('conversation_id', $1::text, 'kind', 'message', 'seq', next.last_seq)::text) AS x
       FROM next
     )
     INSERT INTO messages (id, conversation_id, seq, kind, body, blocks, sender_user_id, sender_bot_id,
                           approved_by_user_id, draft_id, metadata, rule_set_version)
     SELECT $11::uuid, $1, next.last_seq, $3::message_kind, $4, $5::jsonb, $6::uuid, $7::uuid, $8::uuid, $9::uuid, $10::jsonb,
            $13::int
     FROM next CROSS JOIN (SELECT count(x) FROM notified) AS told
     RETURNING id, conversation_id, seq, kind, body, blocks, sender_user_id, sender_bot_id, created_at`,
});

// Queued after a send's insert: the row is exactly the one the send answered with.
const EXPECT_WRITTEN = query("messages.expectWritten", {
  text: `SELECT relay_expect(EXISTS (SELECT 1 FROM messages WHERE id = $1 AND conversation_id = $2 AND seq = $3),
                       'message ' || $1 || ' written with seq ' || $3)`,
});

export type MessageAuthor =
  | { type: "person"; userId: string }
  | { type: "system" }
  | { type: "bot"; decision: Decision; approvedByUserId?: string; draftId?: string };

export interface NewMessage {
  conversationId: string;
  body: string;
  blocks?: Block[] | null;
  kind?: "text" | "card" | "system";
  metadata?: Record<string, unknown>;
  /** The conversation list's one-line preview; default: the body's start (a message of attachments only names them). */
  preview?: string;
}

/** The row messages.insert returns, its blocks as the writer gave them. */
export type InsertedMessage = Omit<RowOf<"messages.insert">, "blocks"> & { blocks: Block[] | null };

export interface InsertMessageOptions {
  author: MessageAuthor;
  message: NewMessage;
}

export async function insertMessage(sql: Sql, { author, message }: InsertMessageOptions): Promise<InsertedMessage> {
  const { statement: insert } = insertStatement(author, message, randomUUID());
  const [inserted] = await runStatement(sql, insert);
  if (!inserted) throw new Error(`conversation ${message.conversationId} not found`);
  return { ...inserted, blocks: inserted.blocks as Block[] | null };
}

interface InsertMessageAtCommitOptions extends InsertMessageOptions {
  /** The message's seq and created_at, known from the locked conversation row (readSendSnapshot). */
  next: { seq: number; createdAt: Date };
}

/**
 * The same door for a writer that holds the conversation's row lock and knows the next seq (a bot's send,
 * lib/messages/send-message.ts): the insert is queued for the transaction's COMMIT with a check that the row is
 * exactly the one returned here, so the send needs no round trip of its own for it (docs/decisions/014).
 */
export function insertMessageAtCommit(
  tx: Transaction,
  { author, message, next }: InsertMessageAtCommitOptions,
): InsertedMessage {
  const id = randomUUID();
  const { statement: insert, written } = insertStatement(author, message, id);
  tx.atCommit(insert);
  tx.atCommit(statement(EXPECT_WRITTEN, [id, message.conversationId, next.seq]));
  const { kind, blocks, userId, botId } = written;
  return {
    id,
    conversation_id: message.conversationId,
    seq: next.seq,
    kind,
    body: message.body,
    blocks,
    sender_user_id: userId,
    sender_bot_id: botId,
    created_at: next.createdAt,
  };
}

/** Who writes what: the kind, the blocks kept, the sender columns. Refuses a bot message its Decision does not cover. */
function authorship(author: MessageAuthor, message: NewMessage): Authorship {
  const blocks = message.blocks && message.blocks.length > 0 ? message.blocks : null;
  const kind = message.kind ?? (author.type === "system" ? "system" : blocks ? "card" : "text");
  let botId: string | null = null;
  if (author.type === "bot") {
    const { decision } = author;
    const allowed = decision.verdict.outcome === "sent" && (decision.mode === "send" || decision.mode === "approved");
    if (!allowed)
      throw new Error(`policy: a ${decision.mode} decision of "${decision.verdict.outcome}" cannot create a message`);
    if (decision.conversationId !== message.conversationId)
      throw new Error("policy: decision is for another conversation");
    if (decision.digest !== contentDigest(messageContent(message.body, blocks))) {
      throw new Error("policy: the content differs from the content the decision was made for");
    }
    botId = decision.botId;
  }
  const userId = author.type === "person" ? author.userId : null;
  return { kind, blocks, userId, botId };
}

interface Authorship {
  kind: "text" | "card" | "system";
  blocks: Block[] | null;
  userId: string | null;
  botId: string | null;
}

/** The door's one statement, and what it writes (checked once, by `authorship`). */
function insertStatement(
  author: MessageAuthor,
  message: NewMessage,
  id: string,
): { statement: Statement<"messages.insert">; written: Authorship } {
  const written = authorship(author, message);
  const { kind, blocks, userId, botId } = written;
  const approvedBy = author.type === "bot" ? (author.approvedByUserId ?? null) : null;
  const draftId = author.type === "bot" ? (author.draftId ?? null) : null;
  // The trust counter only matters until the bot is established: an established bot's sends skip the hot bot row.
  const snapshot = author.type === "bot" ? author.decision.snapshot : null;
  const trusting = snapshot !== null && snapshot.bot.trustedMessageCount < snapshot.settings.newBotThreshold;
  return {
    written,
    statement: statement(INSERT, 
      [
        message.conversationId,
        preview(message.preview ?? message.body),
        kind,
        message.body,
        blocks ? JSON.stringify(blocks) : null,
        userId,
        botId,
        approvedBy,
        draftId,
        JSON.stringify(message.metadata ?? {}),
        id,
        trusting,
        author.type === "bot" ? author.decision.ruleSetVersion : null,
      ],
    ),
  };
}
