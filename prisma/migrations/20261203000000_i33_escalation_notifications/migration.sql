-- An escalation (issue 33; lib/notifications/reminders.ts, compose.ts): the reminders sweep tells an item's escalation
-- group that nobody decided it in the rule's time, as a notification of kind `escalation`. The kinds' check predates
-- it, so every such fan-out failed on this constraint and the group was never told.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind"
    CHECK ("kind" IN ('approval', 'agent_request', 'fact', 'mention', 'bot_status', 'reminder', 'escalation', 'expired'));
