// A bot's sends are counted per hour (bot_hourly_sends) for the policy's rolling daily count. Hour buckets are UTC
// hours, whatever the session's time zone: date_bin from this fixed origin, in the count's writer
// (lib/messages/insert-message.ts) and its reader (./load-snapshot.ts) alike.
export const HOUR_ORIGIN = "TIMESTAMPTZ '2000-01-01 00:00:00+00'";
