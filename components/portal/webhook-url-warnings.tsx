import { Alert } from "@/components/ui/alert";

/**
 * What a save let through but will not work yet: a webhook URL whose name does not resolve, or resolves to an address
 * deliveries are refused (lib/webhooks/validate-webhook-url.ts). Saved all the same: DNS can be set up after.
 */
export function WebhookUrlWarnings({ warnings }: { warnings: string[] }) {
  if (!warnings.length) return null;
  return (
    <Alert tone="warning" title="Saved, but webhooks will not arrive yet">
      {warnings.map((warning) => (
        <p key={warning} className="font-mono text-xs break-words">
          {warning}
        </p>
      ))}
      <p className="mt-2">
        Relay checks the address again at every delivery, so fixing the DNS is enough; deliveries refused meanwhile
        can be replayed.
      </p>
    </Alert>
  );
}
