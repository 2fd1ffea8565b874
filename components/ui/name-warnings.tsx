import { Fragment } from "react";
import type { NameWarning } from "@/lib/text/name-warnings";
import { Alert } from "./alert";
import { cn } from "./cn";
import { UntrustedText } from "./untrusted-text";

// What a person should know about a name before trusting it (issue 31, lib/text/name-warnings.ts): plain sentences,
// in the page's text (a screen reader reads them where they stand), another name in them isolated with its hidden
// characters as tokens.

/** One warning's sentence: our words, and the name it looks like, quoted and isolated. */
export function WarningSentence({ warning }: { warning: NameWarning }) {
  return warning.parts.map((part, i) =>
    typeof part === "string" ? (
      <Fragment key={i}>{part}</Fragment>
    ) : (
      <Fragment key={i}>
        “<UntrustedText text={part.name} className="font-medium" />”
      </Fragment>
    ),
  );
}

/**
 * The warnings as an alert (role="alert": announced when it appears), for the moment of deciding: the consent page
 * beside Allow, a bot's page, a registration just saved.
 */
export function NameWarnings({
  warnings,
  title,
  className,
}: {
  warnings: NameWarning[];
  title: string;
  className?: string;
}) {
  if (!warnings.length) return null;
  return (
    <Alert tone="warning" title={title} className={className}>
      <ul className="list-disc space-y-1 pl-4" data-testid="name-warnings">
        {warnings.map((warning, i) => (
          <li key={i}>
            <WarningSentence warning={warning} />
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** The warnings as small print under a name in a list (a table of bots): text, not an alert, so a page of them is quiet. */
export function NameWarningNotes({ warnings, className }: { warnings: NameWarning[]; className?: string }) {
  if (!warnings.length) return null;
  return (
    <ul className={cn("mt-1 space-y-0.5 text-xs text-amber-800", className)} data-testid="name-warnings">
      {warnings.map((warning, i) => (
        <li key={i}>
          <span aria-hidden>⚠ </span>
          <span className="sr-only">Warning: </span>
          <WarningSentence warning={warning} />
        </li>
      ))}
    </ul>
  );
}
