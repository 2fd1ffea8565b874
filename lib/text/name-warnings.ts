import { hiddenCharacterNames, visibleText } from "./hidden-characters";
import { mixedScripts } from "./name-scripts";
import { looksAlike } from "./name-skeleton";

// What a person is told about a name at the moment they decide on it (issue 31): a bot's, on the portal and in the
// CLI; an OAuth client's, on the consent page. Three things, in plain words:
// - it holds hidden characters (they show as tokens; the warning says what they are);
// - it mixes scripts beyond UTS #39's highly restrictive level ("mixes Latin and Cyrillic letters");
// - it looks like another name the person knows in the same place (UTS #39 confusable skeletons, case aside):
//   "looks like the bot “Billing” (@billing)".
// Warnings never refuse a name: a name in one script (Russian, Japanese, Arabic) raises none.

export type NameWarningKind = "hidden_characters" | "mixed_scripts" | "looks_like";

/** Words of ours, or a name someone else wrote (shown isolated, with its hidden characters as tokens). */
export type WarningPart = string | { name: string };

export interface NameWarning {
  kind: NameWarningKind;
  parts: WarningPart[];
}

/** A name the one being judged could be mistaken for. */
export interface KnownName {
  name: string;
  handle?: string | null;
  /** How the warning refers to it before its name: "the bot", "the assistant"; empty for none. */
  label: string;
  /** Said after the name: ", which you connected before: this is another registration". */
  note?: string;
}

/** The warning as one line of text, for JSON, the CLI, logs and the audit trail: names in quotes, tokens shown. */
export function warningText(warning: NameWarning): string {
  return warning.parts.map((part) => (typeof part === "string" ? part : `“${visibleText(part.name)}”`)).join("");
}

/** "Latin and Cyrillic", "Latin, Greek and Cyrillic". */
const listed = (words: string[]) =>
  words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)!}`;

/**
 * The warnings about `subject` (a name, and a handle when it has one) against the names it could be taken for.
 * `known` may include the subject itself under another id: the caller leaves it out.
 */
export function nameWarnings(subject: { name: string; handle?: string | null }, known: KnownName[]): NameWarning[] {
  const warnings: NameWarning[] = [];
  const hidden = hiddenCharacterNames(subject.name);
  if (hidden.length)
    warnings.push({ kind: "hidden_characters", parts: [`This name holds hidden characters: ${listed(hidden)}`] });
  const scripts = mixedScripts(subject.name);
  if (scripts) warnings.push({ kind: "mixed_scripts", parts: [`This name mixes ${listed(scripts)} letters`] });

  for (const other of known) {
    const theirs = [other.name, other.handle].filter((n): n is string => Boolean(n));
    const byName = theirs.some((name) => looksAlike(subject.name, name));
    const byHandle = Boolean(subject.handle) && theirs.some((name) => looksAlike(subject.handle!, name));
    if (!byName && !byHandle) continue;
    const which = byName ? "This name" : `The handle @${subject.handle}`;
    warnings.push({
      kind: "looks_like",
      parts: [
        `${which} looks like ${other.label ? `${other.label} ` : ""}`,
        { name: other.name },
        ...(other.handle ? [` (@${other.handle})`] : []),
        ...(other.note ? [other.note] : []),
      ],
    });
  }
  return warnings;
}
