-- Issue 34: the audit chain (docs/decisions/035-audit-chain.md). Writers insert unsealed rows in their own
-- transactions (seq, prev_hash and hash null); one sealer at a time gives them their place in one global chain.
-- No foreign keys: an entry outlives whatever it names (a deleted workspace, an erased person), and carries ids and
-- SHA-256 digests only.
CREATE TABLE audit_log (
  id           bigserial PRIMARY KEY,
  at           timestamptz(3) NOT NULL DEFAULT now(),
  kind         text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_.]{0,99}$'),
  workspace_id uuid,
  actor_type   text NOT NULL CHECK (actor_type IN ('person', 'bot', 'system')),
  actor_id     text,
  subject_type text NOT NULL,
  subject_id   text,
  facts        jsonb NOT NULL DEFAULT '{}',
  seq          bigint,
  prev_hash    text,
  hash         text,
  CONSTRAINT audit_log_sealed_whole CHECK ((seq IS NULL) = (hash IS NULL) AND (seq IS NULL) = (prev_hash IS NULL))
);

-- The chain's order, and the walk's keyset (seq, id): a repeated seq is still read, and named.
CREATE UNIQUE INDEX audit_log_seq_key ON audit_log (seq);
CREATE INDEX audit_log_seq_id_idx ON audit_log (seq, id);
-- What the sealer takes next.
CREATE INDEX audit_log_unsealed_idx ON audit_log (id) WHERE seq IS NULL;
-- The admins' audit page: a workspace's entries by time, and by who or what.
CREATE INDEX audit_log_workspace_at_idx ON audit_log (workspace_id, at DESC, id DESC);
CREATE INDEX audit_log_workspace_actor_idx ON audit_log (workspace_id, actor_id, at DESC);

-- Signed heads: (seq, hash, at) signed with Ed25519 by the key `key_id` names.
CREATE TABLE audit_checkpoints (
  seq       bigint PRIMARY KEY,
  hash      text NOT NULL,
  at        timestamptz(3) NOT NULL,
  key_id    text NOT NULL,
  signature text NOT NULL
);

-- Defence in depth, not the guarantee (whoever can drop a trigger can rewrite rows; the chain and the signed
-- checkpoints detect that): a sealed entry is never changed, an unsealed one only gets its seq and hashes, nothing is
-- deleted, and checkpoints are written once.
CREATE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'TRUNCATE') THEN
    RAISE EXCEPTION 'audit entries are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.seq IS NOT NULL OR NEW.seq IS NULL
     OR (NEW.id, NEW.at, NEW.kind, NEW.workspace_id, NEW.actor_type, NEW.actor_id, NEW.subject_type, NEW.subject_id, NEW.facts)
        IS DISTINCT FROM
        (OLD.id, OLD.at, OLD.kind, OLD.workspace_id, OLD.actor_type, OLD.actor_id, OLD.subject_type, OLD.subject_id, OLD.facts)
  THEN
    RAISE EXCEPTION 'a sealed audit entry is never changed; an unsealed one only gets its place in the chain'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER audit_log_guard BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_guard();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_guard();

CREATE FUNCTION audit_checkpoints_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit checkpoints are written once' USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER audit_checkpoints_guard BEFORE UPDATE OR DELETE ON audit_checkpoints FOR EACH ROW EXECUTE FUNCTION audit_checkpoints_guard();
CREATE TRIGGER audit_checkpoints_no_truncate BEFORE TRUNCATE ON audit_checkpoints FOR EACH STATEMENT EXECUTE FUNCTION audit_checkpoints_guard();
