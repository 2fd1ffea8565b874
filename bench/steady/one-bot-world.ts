import pg from "pg";
import { embeddingModelId } from "@/lib/embeddings/encoder";
import { sentences } from "../search/filler";

// The one-bot round's world (issue 36, item 5): the demo's established bot in CONVERSATIONS conversations, each with
// a contact (a support bot's customers, so each new message is embedded, as in the one-conversation round) and a
// person, on a database already holding MESSAGES messages of bench:search's filler, half of them the bot's. Written by
// SQL in one transaction (a fixture: the product's one door is for single messages under a policy). The filler's
// messages are 24 h to 30 days old, so the bot's rolling day starts empty but its messages index is deep, and the
// hour its day's window cuts through holds some of them. They count as embedded (embedding_progress at their last
// seq): the encoder works on the round's sends only, as in the one-conversation round.

export interface OneBotWorld {
  conversationIds: string[];
  messages: number;
  seconds: number;
}

export async function seedOneBotWorld(
  url: string,
  world: { workspaceId: string; botId: string; userId: string; conversations: number; messages: number },
): Promise<OneBotWorld> {
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL synchronous_commit = off");
    await client.query(
      `CREATE TEMP TABLE one_bot_convs ON COMMIT DROP AS
         SELECT g AS n, gen_random_uuid() AS id, gen_random_uuid() AS contact_id FROM generate_series(0, $1::int - 1) g`,
      [world.conversations],
    );
    await client.query(
      `INSERT INTO contacts (id, workspace_id, name, email, created_at)
         SELECT contact_id, $1, 'Customer ' || n, 'customer' || n || '@example.test', now() - interval '60 days'
         FROM one_bot_convs`,
      [world.workspaceId],
    );
    await client.query(
      `INSERT INTO conversations (id, workspace_id, title, created_by_user_id, created_at)
         SELECT id, $1, 'Support ' || n, $2, now() - interval '40 days' FROM one_bot_convs`,
      [world.workspaceId, world.userId],
    );
    await client.query(
      `INSERT INTO conversation_participants (conversation_id, contact_id, joined_at)
         SELECT id, contact_id, now() - interval '40 days' FROM one_bot_convs`,
    );
    await client.query(
      `INSERT INTO conversation_participants (conversation_id, user_id, joined_at)
         SELECT id, $1, now() - interval '40 days' FROM one_bot_convs`,
      [world.userId],
    );
    await client.query(
      `INSERT INTO bot_authorizations (conversation_id, bot_id, authorized_by_user_id, created_at)
         SELECT id, $1, $2, now() - interval '40 days' FROM one_bot_convs`,
      [world.botId, world.userId],
    );
    const { rows } = await client.query<{ id: string }>("SELECT id FROM one_bot_convs ORDER BY n");
    const ids = rows.map((r) => r.id);
    // Message k: conversation k mod n, seq k div n + 1; the bot's on even seqs, the person's on odd ones; a
    // conversation's messages spread from 30 days ago to 24 h ago, in seq order.
    const perConversation = Math.ceil(world.messages / world.conversations);
    const bodies = sentences(world.messages, 36);
    for (let from = 0; from < bodies.length; from += 10_000) {
      await client.query(
        `INSERT INTO messages (conversation_id, seq, kind, body, sender_user_id, sender_bot_id, created_at)
         SELECT ($1::uuid[])[1 + k % $3::int], k / $3::int + 1, 'text', t.body,
                CASE WHEN (k / $3::int) % 2 = 0 THEN $4::uuid END, CASE WHEN (k / $3::int) % 2 = 1 THEN $5::uuid END,
                now() - interval '30 days' + (k / $3::int)::float8 / $6::int * interval '29 days'
                  + (k % $3::int) * interval '1 second'
         FROM unnest($2::text[]) WITH ORDINALITY AS t(body, ord), LATERAL (SELECT $7::int + t.ord::int - 1 AS k) i`,
        [ids, bodies.slice(from, from + 10_000), world.conversations, world.userId, world.botId, perConversation, from],
      );
    }
    await client.query(
      `UPDATE conversations c SET last_seq = m.seq, last_message_at = m.created_at, last_message_preview = left(m.body, 140)
         FROM (SELECT DISTINCT ON (conversation_id) conversation_id, seq, created_at, body FROM messages
               WHERE conversation_id = ANY($1::uuid[]) ORDER BY conversation_id, seq DESC) m
        WHERE c.id = m.conversation_id`,
      [ids],
    );
    await client.query(
      `INSERT INTO embedding_progress (conversation_id, model, embedded_seq)
         SELECT id, $2, last_seq FROM conversations WHERE id = ANY($1::uuid[])
       ON CONFLICT (conversation_id, model) DO UPDATE SET embedded_seq = EXCLUDED.embedded_seq`,
      [ids, embeddingModelId()],
    );
    await client.query("COMMIT");
    // The planner's statistics as a deployment that has run for a while has them (autovacuum would, later).
    await client.query(
      "VACUUM ANALYZE messages, conversations, contacts, conversation_participants, bot_authorizations",
    );
    const { rows: count } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM messages");
    return { conversationIds: ids, messages: count[0]!.n, seconds: (performance.now() - t0) / 1000 };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
