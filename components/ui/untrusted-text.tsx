import { textParts } from "@/lib/text/hidden-characters";
import { cn } from "./cn";

// Text that a bot, a contact, an OAuth client or anyone outside the reader's control wrote, as Relay shows it (issues
// 16 and 31). Two things keep it from lying about itself:
// - It is isolated for bidirectional display (<bdi>): right-to-left text in it, or a direction it sets up, never
//   reorders what is around it (the bot's label, punctuation, the next field, the words of a warning).
// - The characters lib/text/hidden-characters.ts names (directional controls, zero-width characters, a zero width
//   joiner that joins nothing that shows) are shown as visible tokens instead of acting: "a\u202Eevil.exe" reads
//   "a[U+202E]evil.exe", never "aexe.live"; "Bil\u200Bling" reads "Bil[U+200B]ling". An emoji ZWJ sequence (👩‍💻)
//   stays one emoji.
// Each token is an image to assistive technology, labelled with what it is ("Hidden character U+202E, Right-to-left
// override"): a screen reader would otherwise read "left bracket U plus 2 0 2 E", and a title is not read reliably.
// Only the display changes: the stored text, what a person approves and what an edit field starts with stay exact.
// Long words wrap anywhere (`overflow-wrap: anywhere`, which also lets flex and grid items shrink below a word).

/** The text with each hidden character shown as a visible, named token instead of acting. */
export function ShownCharacters({ text }: { text: string }) {
  return textParts(text).map((part, i) =>
    typeof part === "string" ? (
      part
    ) : (
      <span
        key={i}
        role="img"
        aria-label={`Hidden character ${part.codePoint}, ${part.name}`}
        title={`${part.name} (${part.codePoint}): a hidden character that changes how the text around it reads`}
        className="mx-px rounded-sm bg-amber-100 px-0.5 align-baseline font-mono text-[0.75em] font-normal text-amber-900 ring-1 ring-amber-300"
        data-testid="hidden-character"
      >
        [{part.codePoint}]
      </span>
    ),
  );
}

export function UntrustedText({ text, className }: { text: string; className?: string }) {
  return (
    <bdi className={cn("wrap-anywhere", className)}>
      <ShownCharacters text={text} />
    </bdi>
  );
}
