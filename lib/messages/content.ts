import { cutText } from "@/lib/text/hostile-text";
import { blockTexts, type Block } from "@/lib/schemas/blocks";
import type { MessageShape } from "@/lib/policy/types";

/** Every text a bot message shows a person: what the policy engine reads. */
export function messageContent(body: string, blocks: Block[] | null | undefined): string[] {
  return [body, ...(blocks ? blockTexts(blocks) : [])];
}

/** What custom policy rules read of a message beside its texts (lib/policy/custom/): its blocks' types. */
export function messageShape(blocks: Block[] | null | undefined): MessageShape {
  return { blockTypes: blocks ? blocks.map((block) => block.type) : [], attachmentCount: 0 };
}

export const PREVIEW_LENGTH = 140;
export const preview = (body: string) => cutText(body.replace(/\s+/g, " ").trim(), PREVIEW_LENGTH);
