import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { setWorkspaceStatus, WORKSPACE_STATUSES } from "@/lib/workspaces/set-workspace-status";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { setSecondFactorPolicy, STEP_UP_MODES, TWO_FACTOR_MODES } from "@/lib/factors/enforcement";
import { setMessageRetention } from "@/lib/retention/message-retention";
import { deleteWorkspace } from "@/lib/privacy/erase-workspace";
import { runErasure } from "@/lib/privacy/run-erasure";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { db } from "@/lib/db/client";
import { B, bool, oneOf, required, S, str, UsageError, wholeNumber, type Command } from "./command";
import { actorFrom, workspaceBySlug } from "./resolve";

export const workspaceCommands: Record<string, Command> = {
  "workspace create": {
    usage: "workspace create --slug SLUG --name NAME",
    flags: { slug: S, name: S },
    run: async (args) => {
      const input = { slug: required(str(args, "slug"), "--slug"), name: required(str(args, "name"), "--name") };
      const ws = await createWorkspace(input);
      return { id: ws.id, slug: ws.slug, name: ws.name, status: ws.status };
    },
  },
  "workspace status": {
    usage: "workspace status SLUG active|restricted|suspended [--as EMAIL]",
    flags: { as: S },
    run: async (args) => {
      const status = oneOf(args.positionals[1], { choices: WORKSPACE_STATUSES, what: "the status" });
      const ws = await workspaceBySlug(args.positionals[0], "the workspace SLUG");
      return setWorkspaceStatus(await actorFrom(str(args, "as")), { workspaceId: ws.id, status });
    },
  },
  "workspace retention": {
    usage: "workspace retention SLUG --days N|off [--as EMAIL]   (delete messages older than N days; off keeps them)",
    flags: { days: S, as: S },
    run: async (args) => {
      const ws = await workspaceBySlug(args.positionals[0], "SLUG");
      const days = required(str(args, "days"), "--days");
      return setMessageRetention(await actorFrom(str(args, "as")), {
        workspaceId: ws.id,
        days: days === "off" ? null : wholeNumber(days, "--days")!,
      });
    },
  },
  "workspace delete": {
    usage:
      "workspace delete SLUG --confirm SLUG [--wait] [--as EMAIL]   (everything in it, for good; the address typed again)",
    flags: { confirm: S, wait: B, as: S },
    run: async (args) => {
      const ws = await workspaceBySlug(args.positionals[0], "SLUG");
      const started = await deleteWorkspace(await actorFrom(str(args, "as")), {
        workspaceId: ws.id,
        confirm: required(str(args, "confirm"), "--confirm"),
      });
      // --wait: the erasure's job runs here (a deployment without a worker): its steps, then one try of each bot's
      // workspace.erased delivery, then the purge once every one was delivered. A delivery that failed is retried on
      // its schedule by a worker, which purges after it (`step` says await_bots meanwhile).
      if (!bool(args, "wait")) return started;
      await runErasure(started.erasure_id);
      const due = await db().webhookDelivery.findMany({
        where: { workspaceId: ws.id, eventType: "workspace.erased", status: "pending" },
        select: { id: true },
      });
      for (const delivery of due) await attemptDelivery(delivery.id);
      if (due.length) await runErasure(started.erasure_id);
      const erasure = await db().erasure.findUniqueOrThrow({ where: { id: started.erasure_id } });
      return { ...started, status: erasure.status, step: erasure.step };
    },
  },
  "workspace settings": {
    usage:
      "workspace settings SLUG [--daily-limit N] [--new-bot-threshold N] [--conversation-limit N|off] [--conversation-window-seconds N] [--reminder-minutes N] [--rate-per-second N] [--rate-burst N] [--time-zone ZONE] [--as EMAIL]",
    flags: {
      as: S,
      "daily-limit": S,
      "new-bot-threshold": S,
      "conversation-limit": S,
      "conversation-window-seconds": S,
      "reminder-minutes": S,
      "rate-per-second": S,
      "rate-burst": S,
      "time-zone": S,
    },
    run: async (args) => {
      const limit = str(args, "conversation-limit");
      const changes = {
        dailyLimit: wholeNumber(str(args, "daily-limit"), "--daily-limit"),
        newBotThreshold: wholeNumber(str(args, "new-bot-threshold"), "--new-bot-threshold"),
        conversationLimit: limit === "off" ? null : wholeNumber(limit, "--conversation-limit"),
        conversationWindowSeconds: wholeNumber(str(args, "conversation-window-seconds"), "--conversation-window-seconds"),
        approvalReminderMinutes: wholeNumber(str(args, "reminder-minutes"), "--reminder-minutes"),
        ratePerSecond: wholeNumber(str(args, "rate-per-second"), "--rate-per-second"),
        rateBurst: wholeNumber(str(args, "rate-burst"), "--rate-burst"),
        timeZone: str(args, "time-zone"),
      };
      const ws = await workspaceBySlug(args.positionals[0], "the workspace SLUG");
      return updatePolicySettings(await actorFrom(str(args, "as")), { workspaceId: ws.id, changes });
    },
  },
  "workspace two-factor": {
    usage: `workspace two-factor SLUG [--require ${TWO_FACTOR_MODES.join("|")}] [--step-up ${STEP_UP_MODES.join("|")}] [--as EMAIL]`,
    flags: { require: S, "step-up": S, as: S },
    run: async (args) => {
      const given = (flag: string, choices: readonly string[]) =>
        str(args, flag) === undefined ? undefined : oneOf(str(args, flag), { choices, what: `--${flag}` });
      const policy = { twoFactor: given("require", TWO_FACTOR_MODES), stepUp: given("step-up", STEP_UP_MODES) };
      if (!policy.twoFactor && !policy.stepUp) throw new UsageError("give --require, --step-up or both");
      const ws = await workspaceBySlug(args.positionals[0], "the workspace SLUG");
      return setSecondFactorPolicy(await actorFrom(str(args, "as")), { workspaceId: ws.id, policy });
    },
  },
};
