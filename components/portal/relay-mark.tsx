/** The product mark: two speech bubbles passing a message. */
export function RelayMark({ className = "size-7" }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="8" className="fill-indigo-600" />
      <path
        d="M8 10.5A2.5 2.5 0 0 1 10.5 8h7A2.5 2.5 0 0 1 20 10.5v4a2.5 2.5 0 0 1-2.5 2.5H13l-3.2 2.4a.5.5 0 0 1-.8-.4V17a2.5 2.5 0 0 1-1-2z"
        fill="white"
      />
      <path
        d="M22 14.5h.5A2.5 2.5 0 0 1 25 17v4a2.5 2.5 0 0 1-1 2v1.5a.5.5 0 0 1-.8.4L20 22.5h-4.5A2.5 2.5 0 0 1 13 20v-.5h4.5a4.5 4.5 0 0 0 4.5-4.5z"
        fill="white"
        fillOpacity=".6"
      />
    </svg>
  );
}
