// A mention of a person: `@` and their handle in a person's message (handles are 2-32 of a-z, 0-9, `.`, `-`, `_`,
// starting with a letter or digit: lib/people/create-person.ts). An `@` inside a word (an email address) is not one.
// A handle is followed by anything that cannot be part of it; a sentence's final dot or dash is not part of it
// either, so both the written form and the form without them are candidates (`@ana.` names `ana` or `ana.`).

const MENTION = /(?<![\w@.])@([a-z0-9][a-z0-9_.-]{1,31})(?![a-z0-9_.-])/gi;

/** The handles a text may @-name, lower-cased, each once. */
export function mentionCandidates(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const written = match[1]!.toLowerCase();
    found.add(written);
    const trimmed = written.replace(/[.\-_]+$/, "");
    if (trimmed.length >= 2) found.add(trimmed);
  }
  return [...found];
}

/** Whether a text may @-name someone at all: the send paths check this before enqueueing any job. */
export const mayMention = (text: string) => mentionCandidates(text).length > 0;
