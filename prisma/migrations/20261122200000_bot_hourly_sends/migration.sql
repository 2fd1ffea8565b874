-- A bot's messages per hour, kept by the one door for message rows (lib/messages/insert-message.ts) in the same
-- statement as the insert. The policy's rolling 24-hour count reads at most 25 of these rows plus the messages of
-- the one hour the window cuts through, instead of every message of the day (bench/RESULTS.md).
CREATE TABLE "bot_hourly_sends" (
    "bot_id" UUID NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "n" INTEGER NOT NULL,
    CONSTRAINT "bot_hourly_sends_pkey" PRIMARY KEY ("bot_id", "hour")
);

ALTER TABLE "bot_hourly_sends" ADD CONSTRAINT "bot_hourly_sends_bot_id_fkey"
    FOREIGN KEY ("bot_id") REFERENCES "bots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "bot_hourly_sends" ("bot_id", "hour", "n")
SELECT "sender_bot_id", date_bin('1 hour', "created_at", TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*)
FROM "messages" WHERE "sender_bot_id" IS NOT NULL
GROUP BY 1, 2;
