import { talksMoney } from "./rules/money";
import { findSecrets } from "./rules/secrets";

/** What the content rules find in every text of a message (body and block texts). */
export function contentFindings(texts: string[]): { secrets: boolean; money: boolean } {
  return {
    secrets: texts.some((text) => findSecrets(text).length > 0),
    money: texts.some(talksMoney),
  };
}
