/**
 * A line icon in the app's one style: a 24-unit grid, round 2-unit strokes in the text's colour. Decorative (hidden
 * from assistive technology): the control or message it sits in carries the words.
 */
export function Icon({ d, className }: { d: string; className?: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={d} />
    </svg>
  );
}
