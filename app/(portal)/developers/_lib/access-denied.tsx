import type { ApiError } from "@/lib/errors";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";

/** What a page shows when the domain refused the read (forbidden): the reason, and the way back. */
export function AccessDenied({ error }: { error: ApiError }) {
  return (
    <div className="mx-auto max-w-xl space-y-4 py-10">
      <Alert
        tone="danger"
        title={error.code === "forbidden" ? "You cannot open this page" : "This page could not be shown"}
      >
        {error.message}
      </Alert>
      <ButtonLink href="/developers" variant="secondary">
        Back to your bots
      </ButtonLink>
    </div>
  );
}
