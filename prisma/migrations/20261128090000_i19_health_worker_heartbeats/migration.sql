-- Job worker heartbeats (issue 19): one row per running worker process (its id is made when it starts), beating every
-- 15 s; GET /api/ready wants one within a minute. A worker deletes its row when it stops; a row left by a killed
-- worker is deleted by the next beat of any worker once a day old (lib/health/worker-heartbeat.ts).
CREATE TABLE "worker_heartbeats" (
    "worker_id" UUID NOT NULL,
    "pid" INTEGER NOT NULL,
    "host" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "beat_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "worker_heartbeats_pkey" PRIMARY KEY ("worker_id")
);

CREATE INDEX "worker_heartbeats_beat_at_idx" ON "worker_heartbeats"("beat_at");
