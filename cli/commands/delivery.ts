import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { replayDelivery, replayFailedDeliveries } from "@/lib/webhooks/replay-delivery";
import { getDelivery } from "@/lib/webhooks/get-delivery";
import { retentionWindows } from "@/lib/retention/retention-windows";
import { id, oneOf, required, S, str, UsageError, wholeNumber, type Command } from "./command";
import { actorFrom, botByHandle } from "./resolve";

const STATUSES = ["pending", "succeeded", "failed"] as const;

function time(value: string | undefined, what: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new UsageError(`${what} must be a time (ISO 8601), got "${value}"`);
  return date;
}

export const deliveryCommands: Record<string, Command> = {
  "deliveries list": {
    usage: "deliveries list --bot HANDLE [--event TYPE] [--status pending|succeeded|failed] [--from TIME] [--to TIME] [--limit N] [--cursor C] [--as EMAIL]",
    flags: { bot: S, event: S, status: S, from: S, to: S, limit: S, cursor: S, as: S },
    run: async (args) => {
      const bot = await botByHandle(str(args, "bot"), "--bot HANDLE");
      const status =
        str(args, "status") === undefined
          ? undefined
          : oneOf(str(args, "status"), { choices: STATUSES, what: "--status" });
      const page = await listDeliveries(await actorFrom(str(args, "as")), {
        botId: bot.id,
        eventType: str(args, "event"),
        status,
        from: time(str(args, "from"), "--from"),
        to: time(str(args, "to"), "--to"),
        limit: wholeNumber(str(args, "limit"), "--limit"),
        cursor: str(args, "cursor"),
      });
      // How far back the list goes (docs/guides/operators.md#retention).
      const { deliveryDays, failedDeliveryDays } = retentionWindows();
      return { ...page, retention: { days: deliveryDays, failed_days: failedDeliveryDays } };
    },
  },
  "deliveries show": {
    usage: "deliveries show ID [--as EMAIL]",
    flags: { as: S },
    run: async (args) => getDelivery(await actorFrom(str(args, "as")), id(args.positionals[0], "the delivery ID")),
  },
  "deliveries replay": {
    usage: "deliveries replay ID [--as EMAIL]",
    flags: { as: S },
    run: async (args) => replayDelivery(await actorFrom(str(args, "as")), id(args.positionals[0], "the delivery ID")),
  },
  "deliveries replay-failed": {
    usage: "deliveries replay-failed --bot HANDLE --from TIME --to TIME [--as EMAIL]",
    flags: { bot: S, from: S, to: S, as: S },
    run: async (args) => {
      const bot = await botByHandle(str(args, "bot"), "--bot HANDLE");
      const from = time(required(str(args, "from"), "--from"), "--from")!;
      const to = time(required(str(args, "to"), "--to"), "--to")!;
      return replayFailedDeliveries(await actorFrom(str(args, "as")), { botId: bot.id, from, to });
    },
  },
};
