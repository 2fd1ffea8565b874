import { cn } from "./cn";

// Text that a bot, a contact or anyone outside the reader's control wrote, as the chat shows it (issue 16). Two
// things keep it from lying about itself:
// - It is isolated for bidirectional display (<bdi>): right-to-left text in it, or a direction it sets up, never
//   reorders what is around it (the bot's label, punctuation, the next field).
// - The controls that open or close a directional context (embeddings and overrides U+202A-U+202E, isolates
//   U+2066-U+2069: the "Trojan Source" set) are shown as visible tokens instead of acting. "a\u202Eevil.exe" reads
//   "a[U+202E]evil.exe", never "aexe.live"; hovering the token names it.
// The marks U+200E, U+200F and U+061C are left as they are: real right-to-left writing needs them to place
// punctuation and digits, they cannot reorder a run of letters, and inside the isolate they reach nothing outside.
// Only the display changes: the stored text, what a person approves and what an edit field starts with stay exact.
// Long words wrap anywhere (`overflow-wrap: anywhere`, which also lets flex and grid items shrink below a word).

const CONTROL_NAMES: Record<string, string> = {
  "\u202a": "Left-to-right embedding",
  "\u202b": "Right-to-left embedding",
  "\u202c": "Pop directional formatting",
  "\u202d": "Left-to-right override",
  "\u202e": "Right-to-left override",
  "\u2066": "Left-to-right isolate",
  "\u2067": "Right-to-left isolate",
  "\u2068": "First strong isolate",
  "\u2069": "Pop directional isolate",
};

/** One control, captured, so `split` keeps it between the runs of text around it. */
const CONTROL = /([\u202a-\u202e\u2066-\u2069])/;
const CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

const codePoint = (control: string) => `U+${control.charCodeAt(0).toString(16).toUpperCase()}`;

/** Whether a text holds a directional control (worth a warning where it cannot be shown as a token: an edit field). */
export const hasBidiControls = (text: string) => CONTROL.test(text);

/**
 * The text with each directional control written as its token, for places that hold only a string: an attribute
 * (placeholder, title), an <option>, an edit field's warning.
 */
export function visibleControls(text: string): string {
  return text.replace(CONTROLS, (control) => `[${codePoint(control)}]`);
}

/** The names of the controls a text holds, for a warning: "Right-to-left override (U+202E)". */
export function controlNames(text: string): string[] {
  return [...new Set(text.match(CONTROLS) ?? [])].map((c) => `${CONTROL_NAMES[c]} (${codePoint(c)})`);
}

/** The text with each directional control shown as a visible token (named on hover) instead of acting. */
export function ShownControls({ text }: { text: string }) {
  return text.split(CONTROL).map((part, i) =>
    i % 2 === 1 ? (
      <span
        key={i}
        title={`${CONTROL_NAMES[part]} (${codePoint(part)}): a hidden character that changes how the text after it reads`}
        className="mx-px rounded-sm bg-amber-100 px-0.5 align-baseline font-mono text-[0.75em] font-normal text-amber-900 ring-1 ring-amber-300"
        data-testid="bidi-control"
      >
        [{codePoint(part)}]
      </span>
    ) : (
      part
    ),
  );
}

export function UntrustedText({ text, className }: { text: string; className?: string }) {
  return (
    <bdi className={cn("wrap-anywhere", className)}>
      <ShownControls text={text} />
    </bdi>
  );
}
