import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white shadow-sm">
      <EmptyState
        title="Not found"
        action={
          <ButtonLink href="/developers" variant="secondary">
            Back to your bots
          </ButtonLink>
        }
      >
        There is no bot or delivery at this address, or it was removed.
      </EmptyState>
    </div>
  );
}
