-- Policy rules as data, stored (issue 33, phase 2; docs/decisions/034-policy-rules.md): every saved rule set is a
-- new version of the workspace's rules, kept for good, so the history can say who saved what, when and why, and
-- every policy decision can name the version that decided it. The workspace's current rules are its highest
-- version; a restore is a new version with an old one's rules (restored_from_version). Versions are numbered 1, 2,
-- ... per workspace, in the transaction that takes the workspace's row lock (lib/policy/rule-sets/store-version.ts).
CREATE TABLE "policy_rule_set_versions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    -- The validated rule set, as lib/policy/custom/rule-set.ts parsed it: { "rules": [...] }.
    "rules" JSONB NOT NULL,
    -- Who saved it; null when the operator did (the CLI as the system). No foreign key, as drafts' deciders: the
    -- history keeps the id of a person who has since gone.
    "saved_by_user_id" UUID,
    "saved_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    -- Why it was saved, in the admin's words.
    "reason" TEXT NOT NULL,
    "restored_from_version" INTEGER,

    CONSTRAINT "policy_rule_set_versions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "policy_rule_set_versions_version_check" CHECK ("version" >= 1),
    CONSTRAINT "policy_rule_set_versions_restored_check"
        CHECK ("restored_from_version" IS NULL OR ("restored_from_version" >= 1 AND "restored_from_version" < "version"))
);

CREATE UNIQUE INDEX "policy_rule_set_versions_workspace_id_version_key"
    ON "policy_rule_set_versions"("workspace_id", "version");

ALTER TABLE "policy_rule_set_versions" ADD CONSTRAINT "policy_rule_set_versions_workspace_id_fkey"
    FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Approver groups: named groups of a workspace's people, which a rule's hold names by slug beside the workspace's
-- roles (role:admin, role:member). A member of a group is a member of the workspace: the foreign key on
-- (workspace_id, user_id) to memberships holds it, and a person who leaves the workspace leaves its groups.
CREATE TABLE "approver_groups" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),

    CONSTRAINT "approver_groups_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "approver_groups_workspace_id_slug_key" ON "approver_groups"("workspace_id", "slug");
-- For the members' foreign key: a member row names its group and the group's workspace together.
CREATE UNIQUE INDEX "approver_groups_id_workspace_id_key" ON "approver_groups"("id", "workspace_id");

ALTER TABLE "approver_groups" ADD CONSTRAINT "approver_groups_workspace_id_fkey"
    FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "approver_group_members" (
    "group_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,

    CONSTRAINT "approver_group_members_pkey" PRIMARY KEY ("group_id", "user_id")
);

CREATE INDEX "approver_group_members_workspace_id_user_id_idx" ON "approver_group_members"("workspace_id", "user_id");

ALTER TABLE "approver_group_members" ADD CONSTRAINT "approver_group_members_group_fkey"
    FOREIGN KEY ("group_id", "workspace_id") REFERENCES "approver_groups"("id", "workspace_id")
    ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "approver_group_members" ADD CONSTRAINT "approver_group_members_membership_fkey"
    FOREIGN KEY ("workspace_id", "user_id") REFERENCES "memberships"("workspace_id", "user_id")
    ON DELETE CASCADE ON UPDATE CASCADE;

-- What the rules' matchers read: a contact's and a conversation's labels (compared without case, as written) and a
-- contact's IANA time zone (null: the workspace's; a zone the runtime does not know is read as the workspace's too).
ALTER TABLE "contacts"
    ADD COLUMN "labels" TEXT[] NOT NULL DEFAULT '{}',
    ADD COLUMN "time_zone" TEXT;
ALTER TABLE "conversations" ADD COLUMN "labels" TEXT[] NOT NULL DEFAULT '{}';

-- The rule-set version that decided an attempt: on refused attempts (policy_decisions) and on held ones (drafts).
-- Null where no custom rule set was in effect, and for everything decided before the send reads the rules.
ALTER TABLE "policy_decisions" ADD COLUMN "rule_set_version" INTEGER;
ALTER TABLE "drafts" ADD COLUMN "rule_set_version" INTEGER;

-- The workspace's time zone: a rule's window reads it when the contact's is not known (IANA; UTC until an admin
-- sets it).
ALTER TABLE "workspace_settings" ADD COLUMN "time_zone" TEXT NOT NULL DEFAULT 'UTC';

-- A sent bot message is a policy decision too: the version in force when it was decided.
ALTER TABLE "messages" ADD COLUMN "rule_set_version" INTEGER;

-- A refused attempt's whole text, kept for the dry run (lib/policy/dry-run): a proposed rule set is replayed over the
-- workspace's recent attempts as well as its messages. Never kept when the attempt held a secret (the built-in
-- secrets rule blocked it, or a custom rule found a card number); cleared after ATTEMPT_TEXT_RETENTION_DAYS by the
-- retention sweep, the excerpt staying for the log.
ALTER TABLE "policy_decisions"
    ADD COLUMN "body" TEXT,
    ADD COLUMN "blocks" JSONB;

-- Approval routing: a held item records who must decide it (the rule's approver group, how many distinct people of
-- it) and whom to tell when nobody has (the escalation group, after how long, and when it was told). Items held by
-- the built-in rules alone keep the old routing: one approval from anyone who may see the conversation.
ALTER TABLE "drafts"
    ADD COLUMN "rule_slug" TEXT,
    ADD COLUMN "approver_group" TEXT,
    ADD COLUMN "approvals_required" INTEGER NOT NULL DEFAULT 1,
    ADD COLUMN "escalate_after_minutes" INTEGER,
    ADD COLUMN "escalation_group" TEXT,
    ADD COLUMN "escalated_at" TIMESTAMPTZ(3),
    ADD CONSTRAINT "drafts_approvals_required_check" CHECK ("approvals_required" BETWEEN 1 AND 10);

-- The approvals given so far to a held item that needs more than one: one row per person (one person counts once),
-- with the text they approved. An approver's edit deletes the others' rows (approvals are of a text).
CREATE TABLE "draft_approvals" (
    "draft_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "approved_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "via" TEXT NOT NULL,

    CONSTRAINT "draft_approvals_pkey" PRIMARY KEY ("draft_id", "user_id")
);
ALTER TABLE "draft_approvals" ADD CONSTRAINT "draft_approvals_draft_id_fkey"
    FOREIGN KEY ("draft_id") REFERENCES "drafts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
