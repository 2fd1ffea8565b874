import type { Block } from "@/lib/schemas/blocks";
import { ApprovalCardView, FormCardView } from "./card-blocks";
import { StatusBlockView } from "./status-block";

/** A draft's cards as they will look once sent; nobody can answer them yet. */
export function BlocksPreview({ blocks }: { blocks: Block[] }) {
  return (
    <div className="mt-2 space-y-2" aria-label="Cards in this message">
      {blocks.map((block, i) =>
        block.type === "approval_card" ? (
          <ApprovalCardView key={i} card={block} answer={undefined} action={null} />
        ) : block.type === "form_card" ? (
          <FormCardView key={i} card={block} answer={undefined} action={null} />
        ) : (
          <StatusBlockView key={i} block={block} />
        ),
      )}
    </div>
  );
}
