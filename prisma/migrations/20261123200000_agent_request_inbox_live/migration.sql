-- The approvals inbox is live for bot-to-bot requests too (lib/chat/workspace-stream.ts). A request enters the inbox
-- of the asking bot's workspace when it is held (pending_approval) and leaves it when a person approves or declines
-- it, it expires, its connection is revoked, or it is deleted with its connection. Every one of those writes comes
-- through here, whichever door made it (the API, the chat, MCP, the expiry sweep, the CLI), and the notice leaves
-- at commit like the conversations' (NOTIFY is transactional). Only which workspace and which asking bot travel:
-- the page re-reads what the person may see. Identical notices of one transaction are delivered once.
CREATE FUNCTION "agent_requests_notify_inbox"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    was_pending boolean := TG_OP <> 'INSERT' AND OLD.status = 'pending_approval';
    is_pending boolean := TG_OP <> 'DELETE' AND NEW.status = 'pending_approval';
    asker uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.from_bot_id ELSE NEW.from_bot_id END;
    workspace uuid;
BEGIN
    IF was_pending IS NOT DISTINCT FROM is_pending THEN
        RETURN NULL;
    END IF;
    SELECT workspace_id INTO workspace FROM bots WHERE id = asker;
    IF workspace IS NOT NULL THEN
        PERFORM pg_notify('relay_workspace',
            json_build_object('workspace_id', workspace, 'kind', 'agent_request', 'bot_id', asker)::text);
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER "agent_requests_notify_inbox" AFTER INSERT OR UPDATE OF "status" OR DELETE ON "agent_requests"
    FOR EACH ROW EXECUTE FUNCTION "agent_requests_notify_inbox"();
