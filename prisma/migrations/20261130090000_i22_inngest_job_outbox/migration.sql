-- One way to enqueue a job, two engines (issue 22; docs/decisions/027-jobs-engine-inngest.md). The deployment's
-- engine is recorded in deployment_settings by the app server at start (JOBS_ENGINE; lib/jobs/engine.ts).
-- relay_enqueue_job() takes graphile_worker.add_job()'s arguments and, in the caller's transaction, either calls
-- add_job (graphile, the default) or writes a row of job_outbox (inngest), which the outbox relay sends to Inngest
-- after commit (lib/jobs/outbox-relay.ts). Every enqueue site of the product calls it; none names an engine.
ALTER TABLE "deployment_settings" ADD COLUMN "jobs_engine" TEXT NOT NULL DEFAULT 'graphile';
ALTER TABLE "deployment_settings" ADD CONSTRAINT "deployment_settings_jobs_engine" CHECK ("jobs_engine" IN ('graphile', 'inngest'));

-- A job for Inngest, written in the transaction of its cause. sent_at: Inngest accepted the event (its id is
-- `relay-job-<id>`, so a second send of the same row is dropped by Inngest). run_id / started_at: the Inngest run that
-- claimed it (a run retried claims again; another run does not). cancelled_at: a later enqueue with the same job key
-- replaced it after it was sent (its run, when it wakes, finds it cancelled and does nothing).
CREATE TABLE "job_outbox" (
    "id" BIGSERIAL NOT NULL,
    "task" TEXT NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "run_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "max_attempts" INTEGER,
    "job_key" TEXT,
    "queue_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "send_attempts" INTEGER NOT NULL DEFAULT 0,
    "last_send_error" TEXT,
    "run_id" TEXT,
    "started_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    CONSTRAINT "job_outbox_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "job_outbox_unsent_idx" ON "job_outbox"("id") WHERE "sent_at" IS NULL AND "cancelled_at" IS NULL;
CREATE INDEX "job_outbox_waiting_key_idx" ON "job_outbox"("job_key") WHERE "started_at" IS NULL AND "cancelled_at" IS NULL;

-- graphile_worker.add_job's arguments and meaning, for both engines. Returns the job's id (graphile's) or the outbox
-- row's. Job keys, as graphile's: a job still waiting with the same key is replaced (`replace`: its payload and run_at
-- change), keeps its time (`preserve_run_at`: its payload changes), or stays as it is (`unsafe_dedupe`). A waiting
-- outbox row already sent to Inngest cannot be changed there: `replace` cancels it and writes a new row;
-- `preserve_run_at` changes its payload, which its run reads when it claims the row (inngest/functions.ts).
CREATE FUNCTION "relay_enqueue_job"(
    "identifier" TEXT,
    "payload" JSON DEFAULT NULL,
    "queue_name" TEXT DEFAULT NULL,
    "run_at" TIMESTAMPTZ DEFAULT NULL,
    "max_attempts" INTEGER DEFAULT NULL,
    "job_key" TEXT DEFAULT NULL,
    "job_key_mode" TEXT DEFAULT 'replace'
) RETURNS BIGINT LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    engine TEXT;
    waiting job_outbox%ROWTYPE;
    new_id BIGINT;
BEGIN
    SELECT s.jobs_engine INTO engine FROM deployment_settings s;
    IF engine IS DISTINCT FROM 'inngest' THEN
        RETURN (graphile_worker.add_job(identifier, payload, queue_name := queue_name, run_at := run_at,
                max_attempts := max_attempts, job_key := job_key, job_key_mode := job_key_mode)).id;
    END IF;
    IF job_key_mode NOT IN ('replace', 'preserve_run_at', 'unsafe_dedupe') THEN
        RAISE EXCEPTION 'job_key_mode must be replace, preserve_run_at or unsafe_dedupe';
    END IF;
    IF job_key IS NOT NULL THEN
        -- One writer per key at a time (two transactions would each see no waiting row and insert one).
        PERFORM pg_advisory_xact_lock(hashtext('relay_job_outbox'), hashtext(job_key));
        SELECT * INTO waiting FROM job_outbox o
         WHERE o.job_key = relay_enqueue_job.job_key AND o.started_at IS NULL AND o.cancelled_at IS NULL
         ORDER BY o.id DESC LIMIT 1 FOR UPDATE;
        IF FOUND THEN
            IF job_key_mode = 'unsafe_dedupe' THEN
                RETURN waiting.id;
            ELSIF job_key_mode = 'preserve_run_at' THEN
                UPDATE job_outbox o SET payload = coalesce(relay_enqueue_job.payload, '{}'::json)::jsonb,
                       max_attempts = relay_enqueue_job.max_attempts WHERE o.id = waiting.id;
                RETURN waiting.id;
            ELSIF waiting.sent_at IS NULL THEN
                UPDATE job_outbox o SET task = identifier, payload = coalesce(relay_enqueue_job.payload, '{}'::json)::jsonb,
                       run_at = coalesce(relay_enqueue_job.run_at, now()), max_attempts = relay_enqueue_job.max_attempts,
                       queue_name = relay_enqueue_job.queue_name
                 WHERE o.id = waiting.id;
                RETURN waiting.id;
            ELSE
                UPDATE job_outbox o SET cancelled_at = now() WHERE o.id = waiting.id;
            END IF;
        END IF;
    END IF;
    INSERT INTO job_outbox (task, payload, run_at, max_attempts, job_key, queue_name)
    VALUES (identifier, coalesce(relay_enqueue_job.payload, '{}'::json)::jsonb, coalesce(relay_enqueue_job.run_at, now()),
            relay_enqueue_job.max_attempts, relay_enqueue_job.job_key, relay_enqueue_job.queue_name)
    RETURNING id INTO new_id;
    -- Wakes the outbox relays at commit (they also poll).
    PERFORM pg_notify('relay_job_outbox', '{}');
    RETURN new_id;
END $$;

-- The fact trigger of contact search's embeddings enqueues through the same function.
CREATE OR REPLACE FUNCTION "embeddings_queue_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM relay_enqueue_job('embed_pending', '{}'::json, queue_name := 'relay_embeddings', job_key := 'embed_pending');
    RETURN NULL;
END $$;
