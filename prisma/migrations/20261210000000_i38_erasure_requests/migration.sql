-- A person asks for their own erasure and an admin confirms or declines it (issue 38, item 2;
-- docs/decisions/045-erasure.md, lib/privacy/erasure-requests.ts). At most one request waits per person and
-- workspace. Confirming it removes the person and erases what they wrote (lib/privacy/erase-person.ts), in the same
-- transaction that closes the request. The request holds no words of theirs: only who, when, and the decision.
CREATE TABLE erasure_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'declined', 'withdrawn')),
  decided_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  -- Why an admin declined: told to the person (the law asks for the reasons of a refusal).
  decline_reason text CHECK (char_length(decline_reason) <= 1000),
  erasure_id uuid,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  decided_at timestamptz(3)
);
CREATE UNIQUE INDEX erasure_requests_pending_key ON erasure_requests (workspace_id, user_id) WHERE status = 'pending';
CREATE INDEX erasure_requests_workspace_idx ON erasure_requests (workspace_id, created_at DESC);
CREATE INDEX erasure_requests_user_idx ON erasure_requests (user_id, created_at DESC);

-- A person is erased once per workspace (erased in one, they may still be in another); a contact or a workspace once.
DROP INDEX erasures_subject_key;
CREATE UNIQUE INDEX erasures_subject_key ON erasures (workspace_id, subject_type, subject_id);

-- Admins are told of a request (lib/notifications/compose.ts).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind"
    CHECK ("kind" IN ('approval', 'agent_request', 'fact', 'mention', 'bot_status', 'reminder', 'escalation', 'expired',
                      'erasure_request'));

-- A deleted workspace's rows (lib/privacy/run-erasure.ts, docs/decisions/045-erasure.md): every row of the public
-- schema that names the workspace, one of its conversations or one of its bots (a uuid column `workspace_id`,
-- `conversation_id` or `bot_id`), in every table but those `keep` names, the erasure's record (`erasures`) and the
-- audit chain (`audit_log`, which keeps ids and digests only). Read from the catalog when it runs, so a table added
-- later is covered without a change here: many tables name a workspace's rows without a foreign key to them.
-- Returns the rows deleted per table.
CREATE FUNCTION relay_purge_workspace_rows(ws uuid, conversations uuid[], bots uuid[], keep text[])
RETURNS TABLE (table_name text, deleted integer) LANGUAGE plpgsql AS $$
DECLARE
  t record;
  n integer;
BEGIN
  FOR t IN
    SELECT c.table_name AS name, c.column_name AS col
      FROM information_schema.columns c
      JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
     WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE' AND c.data_type = 'uuid'
       AND c.column_name IN ('workspace_id', 'conversation_id', 'bot_id')
       AND c.table_name::text <> ALL (keep || ARRAY['erasures', 'audit_log', 'workspaces'])
     ORDER BY c.table_name, c.column_name
  LOOP
    EXECUTE format('DELETE FROM public.%I WHERE %I = ANY ($1)', t.name, t.col)
      USING CASE t.col WHEN 'workspace_id' THEN ARRAY[ws] WHEN 'conversation_id' THEN conversations ELSE bots END;
    GET DIAGNOSTICS n = ROW_COUNT;
    table_name := t.name;
    deleted := n;
    RETURN NEXT;
  END LOOP;
END
$$;
