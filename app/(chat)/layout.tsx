import type { Metadata } from "next";

export const metadata: Metadata = { title: { default: "Chat · Relay", template: "%s · Relay" } };

export default function ChatGroupLayout({ children }: { children: React.ReactNode }) {
  return children;
}
