import { cutText } from "@/lib/text/hostile-text";
import { blockTexts, type Block } from "@/lib/schemas/blocks";

/** Every text a bot message shows a person: what the policy engine reads. */
export function messageContent(body: string, blocks: Block[] | null | undefined): string[] {
  return [body, ...(blocks ? blockTexts(blocks) : [])];
}

export const PREVIEW_LENGTH = 140;
export const preview = (body: string) => cutText(body.replace(/\s+/g, " ").trim(), PREVIEW_LENGTH);
