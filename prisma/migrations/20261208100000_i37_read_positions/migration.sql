-- Read your own writes across replicas (issue 37, item 1; docs/decisions/044-read-replicas.md): each caller's WAL
-- position after its last write request (a bot: `bot:<id>`), read by any app process before it sends that caller's
-- next read to a replica. UNLOGGED: no WAL of its own, emptied by a crash (after which every caller's writes are older
-- than any replica's position anyway, or the replica is rebuilt). One row per caller that wrote.
CREATE UNLOGGED TABLE read_positions (
  caller text PRIMARY KEY,
  lsn pg_lsn NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
