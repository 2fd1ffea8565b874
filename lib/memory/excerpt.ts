import { cutText } from "@/lib/text/hostile-text";

/** A message's start for a citation, whitespace collapsed, cut at a word boundary with an ellipsis when cut. */
export function excerpt(body: string, max: number): string {
  const text = body.replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  const cut = cutText(text, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
