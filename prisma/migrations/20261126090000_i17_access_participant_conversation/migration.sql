-- People's access rules are written once, as Prisma filters and as SQL (lib/people/access.ts). "Takes part in the
-- conversation" as a Prisma filter needs the relation from a conversation to its participants, and a relation is a
-- foreign key. Participants of a conversation that no longer exists name nothing: they go first.
DELETE FROM "conversation_participants" p WHERE NOT EXISTS (SELECT 1 FROM "conversations" c WHERE c.id = p.conversation_id);

-- AddForeignKey
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
