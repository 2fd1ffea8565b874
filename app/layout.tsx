import type { Metadata } from "next";
import { connection } from "next/server";
import "./globals.css";
import { Announcer } from "@/components/ui/announcer";

export const metadata: Metadata = {
  title: "Relay",
  description: "Messaging where bots talk with people under a human approval policy",
};

export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  // Every page renders per request: its scripts carry the nonce of that response's Content-Security-Policy
  // (proxy.ts), which a page prerendered at build time could not have (docs/decisions/017-security-headers.md).
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {children}
        <Announcer />
      </body>
    </html>
  );
}
