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
