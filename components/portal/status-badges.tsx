import { Badge, type BadgeTone } from "@/components/ui/badge";

const botTones: Record<string, BadgeTone> = { active: "green", paused: "yellow", stopped: "red" };
export function BotStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={botTones[status] ?? "gray"} dot>
      {status}
    </Badge>
  );
}

const deliveryTones: Record<string, BadgeTone> = { succeeded: "green", pending: "blue", failed: "red" };
export function DeliveryStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={deliveryTones[status] ?? "gray"} dot>
      {status}
    </Badge>
  );
}

/** An HTTP status of a webhook response; none when the request failed before an answer. */
export function HttpStatus({ status }: { status: number | null }) {
  if (status === null) return <span className="text-slate-500">—</span>;
  const tone: BadgeTone = status >= 200 && status < 300 ? "green" : status >= 300 && status < 500 ? "yellow" : "red";
  return (
    <Badge tone={tone} mono>
      {status}
    </Badge>
  );
}

const triggerTones: Record<string, BadgeTone> = { delivery: "gray", retry: "yellow", replay: "indigo", ping: "blue" };
export function TriggerBadge({ trigger }: { trigger: string }) {
  return <Badge tone={triggerTones[trigger] ?? "gray"}>{trigger}</Badge>;
}
