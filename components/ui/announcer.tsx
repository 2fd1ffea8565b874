// One polite live region for the whole page (in the root layout): what happened out of sight, said to a screen
// reader. A component that changes something the person cannot see change (an approval whose card then leaves the
// page; a new message in the thread) calls `announce`; the region is outside every card, so it outlives the card.

const ID = "relay-announcer";

/** The region itself: rendered once, by the root layout. */
export function Announcer() {
  return <p id={ID} className="sr-only" role="status" aria-live="polite" aria-atomic="true" />;
}

/**
 * Says `text` through the region (in the browser only). The region is emptied first and written a moment later, so
 * the same words said twice are announced twice.
 */
export function announce(text: string): void {
  if (typeof document === "undefined") return;
  const region = document.getElementById(ID);
  if (!region) return;
  region.textContent = "";
  window.setTimeout(() => {
    region.textContent = text;
  }, 100);
}
